/**
 * Every query on `payment_issues`: money staff must look at. A fact is flagged once (its
 * `dedupe_key`), inside the transaction of the change that found it, so it is listed exactly
 * when that change committed. Nothing here corrects money; staff read the row and resolve it.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import type { AdminPaymentIssue, PaymentIssueKind } from '@studio/shared';
import { returnedRows } from '../common/query-result';
import { PaymentIssueEntity } from './entities/payment-issue.entity';

export interface NewPaymentIssue {
  kind: PaymentIssueKind;
  dedupeKey: string;
  summary: string;
  paymentId?: number | null;
  projectId?: string | null;
  details?: Record<string, unknown>;
}

@Injectable()
export class PaymentIssuesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Flags a fact; true when it is new (a second flag of the same fact changes nothing). */
  async flag(m: EntityManager, issue: NewPaymentIssue): Promise<boolean> {
    const rows = returnedRows(
      await m.query(
        `INSERT INTO payment_issues (kind, dedupe_key, summary, payment_id, project_id, details)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
        [
          issue.kind,
          issue.dedupeKey.slice(0, 200),
          issue.summary,
          issue.paymentId ?? null,
          issue.projectId ?? null,
          JSON.stringify(issue.details ?? {}),
        ],
      ),
    );
    return rows.length > 0;
  }

  /** `flag` outside any transaction (a finding that changes nothing else, e.g. reconciliation). */
  flagNow(issue: NewPaymentIssue): Promise<boolean> {
    return this.flag(this.db.manager, issue);
  }

  /** Open issues first (oldest first), then the latest resolved ones. */
  async list(limit = 200): Promise<AdminPaymentIssue[]> {
    const repo = this.db.getRepository(PaymentIssueEntity);
    const [open, resolved] = await Promise.all([
      repo.find({ where: { resolvedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' }, take: limit }),
      repo
        .createQueryBuilder('i')
        .where('i.resolved_at IS NOT NULL')
        .orderBy('i.resolved_at', 'DESC')
        .limit(20)
        .getMany(),
    ]);
    return [...open, ...resolved].map(toAdmin);
  }

  async resolve(id: number, userId: number): Promise<AdminPaymentIssue | null> {
    await this.db.query(
      `UPDATE payment_issues SET resolved_at = now(), resolved_by = $2 WHERE id = $1 AND resolved_at IS NULL`,
      [id, userId],
    );
    const row = await this.db.getRepository(PaymentIssueEntity).findOneBy({ id });
    return row && toAdmin(row);
  }
}

function toAdmin(i: PaymentIssueEntity): AdminPaymentIssue {
  return {
    id: i.id,
    kind: i.kind,
    paymentId: i.paymentId,
    projectId: i.projectId,
    summary: i.summary,
    details: i.details,
    createdAt: i.createdAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
  };
}
