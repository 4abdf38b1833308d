import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ERASED_EMAIL, ErasureCount, PersonalDataSource } from '../common/personal-data';

/**
 * Referral codes the address generated or used. Unused codes of its own are deleted; used
 * ones stay (a payment names them) with the addresses anonymised.
 */
@Injectable()
export class ReferralPersonalDataRepository implements PersonalDataSource {
  readonly section = 'referralCodes';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT code, discount_percent AS "discountPercent", is_used AS "isUsed",
              CASE WHEN lower(generated_by) = lower($1) THEN 'generated' ELSE 'used' END AS "relation",
              expires_at AS "expiresAt", created_at AS "createdAt"
       FROM referral_codes WHERE lower(generated_by) = lower($1) OR lower(used_by) = lower($1) ORDER BY id`,
      [email],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    const deleted = affected(
      await tx.query(`DELETE FROM referral_codes WHERE lower(generated_by) = lower($1) AND NOT is_used`, [
        email,
      ]),
    );
    const anonymised = affected(
      await tx.query(
        `UPDATE referral_codes
         SET generated_by = CASE WHEN lower(generated_by) = lower($1) THEN $2 ELSE generated_by END,
             used_by = CASE WHEN lower(used_by) = lower($1) THEN $2 ELSE used_by END,
             updated_at = now()
         WHERE lower(generated_by) = lower($1) OR lower(used_by) = lower($1)`,
        [email, ERASED_EMAIL],
      ),
    );
    return { deleted, anonymised };
  }
}
