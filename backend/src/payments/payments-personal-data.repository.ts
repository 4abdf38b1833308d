import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ERASED_EMAIL, ErasureCount, PersonalDataSource } from '../common/personal-data';

/** Metadata keys that carry what a customer wrote or who they are; dropped on erasure. */
const PERSONAL_METADATA_KEYS = ['instructions', 'projectName', 'customerName', 'email', 'name', 'phone'];

/**
 * Payments made from an address. Accounting must keep them, so erasure anonymises: the address,
 * the Stripe customer id and the personal metadata go; amounts, dates and status stay.
 */
@Injectable()
export class PaymentsPersonalDataRepository implements PersonalDataSource {
  readonly section = 'payments';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT id, kind, amount, currency, status, customer_email AS "customerEmail",
              referral_code AS "referralCode", discount_percent AS "discountPercent",
              metadata, created_at AS "createdAt"
       FROM payments WHERE lower(customer_email) = lower($1) ORDER BY id`,
      [email],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    const anonymised = affected(
      await tx.query(
        `UPDATE payments
         SET customer_email = $2, stripe_customer_id = NULL, metadata = metadata - $3::text[], updated_at = now()
         WHERE lower(customer_email) = lower($1)`,
        [email, ERASED_EMAIL, PERSONAL_METADATA_KEYS],
      ),
    );
    return { deleted: 0, anonymised };
  }
}
