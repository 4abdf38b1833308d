/**
 * The one ledger of money (`money_ledger`): amounts owed, paid, refunded and lost to disputes.
 *
 * Guarantees:
 * - Every write takes the caller's EntityManager: the row commits with the change it records
 *   (the webhook's event, the admin's refund, the approval) or not at all.
 * - A row's `ref` names its fact (`paid-<payment>`, `refund-<Stripe refund id>`,
 *   `owed-balance-<project>-v<version>`, `dispute-<id>`): recording a fact again changes
 *   nothing, so retried events and requests never count money twice.
 * - Refunds Stripe reports only as a new total (charge.refunded, refunds made in its dashboard)
 *   are written as the difference from what the ledger already holds for that payment.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LedgerEntry, LedgerRow } from '@studio/shared';
import { returnedRows } from '../common/query-result';
import type { PaymentEntity } from './entities/payment.entity';

interface NewRow {
  entry: LedgerEntry;
  amount: number;
  currency: string;
  ref: string;
  paymentId?: number | null;
  projectId?: string | null;
  stripeId?: string | null;
  memo?: string | null;
}

const projectOf = (p: Pick<PaymentEntity, 'metadata'>) =>
  typeof p.metadata.projectId === 'string' ? p.metadata.projectId : null;

@Injectable()
export class MoneyLedgerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes one fact; false when it was written before. */
  async record(m: EntityManager, row: NewRow): Promise<boolean> {
    const rows = returnedRows(
      await m.query(
        `INSERT INTO money_ledger (entry, amount, currency, payment_id, project_id, stripe_id, ref, memo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (ref) DO NOTHING RETURNING id`,
        [
          row.entry,
          row.amount,
          row.currency,
          row.paymentId ?? null,
          row.projectId ?? null,
          row.stripeId ?? null,
          row.ref.slice(0, 200),
          row.memo ?? null,
        ],
      ),
    );
    return rows.length > 0;
  }

  /** The payment's money was taken (once per payment). */
  paid(m: EntityManager, p: PaymentEntity, stripeId: string | null): Promise<boolean> {
    return this.record(m, {
      entry: 'paid',
      amount: p.amount,
      currency: p.currency,
      ref: `paid-${p.id}`,
      paymentId: p.id,
      projectId: projectOf(p),
      stripeId,
      memo: `${p.kind} payment`,
    });
  }

  /** One refund Stripe made, by its id. */
  refunded(m: EntityManager, p: PaymentEntity, amount: number, stripeRefundId: string, memo: string) {
    return this.record(m, {
      entry: 'refunded',
      amount,
      currency: p.currency,
      ref: `refund-${stripeRefundId}`,
      paymentId: p.id,
      projectId: projectOf(p),
      stripeId: stripeRefundId,
      memo,
    });
  }

  /** Stripe's refunded total for a payment: what the ledger lacks of it is one more row. */
  async refundTotal(m: EntityManager, p: PaymentEntity, total: number): Promise<void> {
    const [{ sum }] = (await m.query(
      `SELECT COALESCE(SUM(amount), 0)::int AS sum FROM money_ledger WHERE payment_id = $1 AND entry = 'refunded'`,
      [p.id],
    )) as { sum: number }[];
    if (total <= sum) return;
    await this.record(m, {
      entry: 'refunded',
      amount: total - sum,
      currency: p.currency,
      ref: `refund-total-${p.id}-${total}`,
      paymentId: p.id,
      projectId: projectOf(p),
      memo: 'refunded in Stripe',
    });
  }

  disputed(m: EntityManager, p: PaymentEntity, disputeId: string, amount: number) {
    return this.record(m, {
      entry: 'disputed',
      amount,
      currency: p.currency,
      ref: `dispute-${disputeId}`,
      paymentId: p.id,
      projectId: projectOf(p),
      stripeId: disputeId,
      memo: 'dispute lost',
    });
  }

  /** A project's rows, oldest first. */
  forProject(projectId: string): Promise<LedgerRow[]> {
    return this.rows('project_id = $1', [projectId]);
  }

  forPayment(paymentId: number): Promise<LedgerRow[]> {
    return this.rows('payment_id = $1', [paymentId]);
  }

  private async rows(where: string, params: unknown[]): Promise<LedgerRow[]> {
    const rows: (Omit<LedgerRow, 'createdAt'> & { createdAt: Date })[] = await this.db.query(
      `SELECT id::int AS id, entry, amount, currency, payment_id AS "paymentId", project_id AS "projectId",
              stripe_id AS "stripeId", ref, memo, created_at AS "createdAt"
         FROM money_ledger WHERE ${where} ORDER BY id`,
      params,
    );
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }
}
