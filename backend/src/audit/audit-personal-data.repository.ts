import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ErasureCount, PersonalDataSource } from '../common/personal-data';

/**
 * Audit entries that name an address (data exports, invitations, project uploads, …). The log is
 * append-only and keeps that something happened, so erasure does not delete an entry: it
 * replaces the address wherever it appears (summary, target, actor name, before/after) with one
 * pseudonym per erasure, `erased-<random>@erased.invalid`. Entries about the same person stay
 * linked to each other, never to the address; the CSV export reads the same rows.
 */
@Injectable()
export class AuditPersonalDataRepository implements PersonalDataSource {
  readonly section = 'auditLog';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT at, action, target_type AS "targetType", target_id AS "targetId", summary
         FROM audit_log WHERE ${MENTIONS} ORDER BY id`,
      [addressPattern(email)],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    // The one change the table's trigger allows, for this transaction only.
    await tx.query(`SELECT set_config('studio.audit_pseudonymise', 'on', true)`);
    const result: unknown = await tx.query(
      `UPDATE audit_log SET
          summary = left(regexp_replace(summary, $1, $2, 'gi'), 500),
          target_id = left(regexp_replace(target_id, $1, $2, 'gi'), 100),
          actor_name = left(regexp_replace(actor_name, $1, $2, 'gi'), 100),
          before = regexp_replace(before::text, $1, $2, 'gi')::jsonb,
          after = regexp_replace(after::text, $1, $2, 'gi')::jsonb
        WHERE ${MENTIONS}`,
      [addressPattern(email), erasedPseudonym()],
    );
    await tx.query(`SELECT set_config('studio.audit_pseudonymise', 'off', true)`);
    return { deleted: 0, anonymised: affected(result) };
  }
}

const MENTIONS = `(summary ~* $1 OR target_id ~* $1 OR actor_name ~* $1 OR before::text ~* $1 OR after::text ~* $1)`;

/**
 * A PostgreSQL regular expression (matched case-insensitively) for `email` as a whole address:
 * not `ana@example.com` inside `joana@example.com` or `ana@example.com.au`.
 */
export function addressPattern(email: string): string {
  const literal = email.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?<![A-Za-z0-9._%+-])${literal}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`;
}

/** What an erased address becomes in the audit log: recognisably erased, never a real mailbox. */
export const erasedPseudonym = () => `erased-${randomBytes(6).toString('hex')}@erased.invalid`;
