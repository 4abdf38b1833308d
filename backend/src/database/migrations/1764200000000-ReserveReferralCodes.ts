import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A referral code is held by the checkout that uses it until that checkout completes (the code is
 * then used) or expires (the code is free again), so one code cannot open several discounted
 * checkouts at once. `reserved_until` is a safety net for an expiry event that never arrives.
 */
export class ReserveReferralCodes1764200000000 implements MigrationInterface {
  name = 'ReserveReferralCodes1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE referral_codes
        ADD COLUMN reserved_by_payment_id integer REFERENCES payments (id) ON DELETE SET NULL,
        ADD COLUMN reserved_until timestamptz
    `);
    await q.query(
      `CREATE INDEX referral_codes_reserved_by_payment_idx ON referral_codes (reserved_by_payment_id)
         WHERE reserved_by_payment_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX referral_codes_reserved_by_payment_idx`);
    await q.query(
      `ALTER TABLE referral_codes DROP COLUMN reserved_until, DROP COLUMN reserved_by_payment_id`,
    );
  }
}
