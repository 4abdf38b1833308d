/**
 * SQL for referral codes that must be decided by the database in one statement: reserving a
 * code for a checkout, releasing it, and marking it used. Each is a conditional UPDATE, so of any
 * number of concurrent callers exactly one wins.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** UPDATE … RETURNING through TypeORM's postgres driver answers [rows, count]. */
function changedRows(result: unknown): number {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[1];
  return Array.isArray(result) ? result.length : 0;
}

@Injectable()
export class ReferralRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Holds an unused, unexpired code for `paymentId` for `minutes`, unless another payment holds
   * it already. True when this call got it.
   */
  async reserve(code: string, paymentId: number, minutes: number, m?: EntityManager): Promise<boolean> {
    const result: unknown = await (m ?? this.db.manager).query(
      `UPDATE referral_codes
          SET reserved_by_payment_id = $2, reserved_until = now() + make_interval(mins => $3), updated_at = now()
        WHERE code = $1 AND is_used = false AND expires_at > now()
          AND (reserved_by_payment_id IS NULL OR reserved_until <= now())
        RETURNING id`,
      [code, paymentId, minutes],
    );
    return changedRows(result) === 1;
  }

  /** Frees whatever code `paymentId` holds (its checkout expired, failed or was cancelled). */
  async release(paymentId: number, m?: EntityManager): Promise<void> {
    await (m ?? this.db.manager).query(
      `UPDATE referral_codes SET reserved_by_payment_id = NULL, reserved_until = NULL, updated_at = now()
        WHERE reserved_by_payment_id = $1 AND is_used = false`,
      [paymentId],
    );
  }

  /**
   * Marks the code used by `usedBy`, if it is free or held by `paymentId`. True only for the one
   * caller whose UPDATE changed the row.
   */
  async redeem(
    code: string,
    usedBy: string | null,
    paymentId: number | null,
    m?: EntityManager,
  ): Promise<boolean> {
    const result: unknown = await (m ?? this.db.manager).query(
      `UPDATE referral_codes
          SET is_used = true, used_by = $2, reserved_by_payment_id = NULL, reserved_until = NULL, updated_at = now()
        WHERE code = $1 AND is_used = false AND expires_at > now()
          AND (reserved_by_payment_id IS NULL OR reserved_until <= now() OR reserved_by_payment_id = $3)
        RETURNING id`,
      [code, usedBy, paymentId],
    );
    return changedRows(result) === 1;
  }
}
