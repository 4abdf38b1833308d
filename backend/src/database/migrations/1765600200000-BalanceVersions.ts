import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's balance request is re-priced when the project is approved again (an extra round
 * since): each price is a version, and the Stripe idempotency key of its checkout is derived
 * from the request and that version.
 */
export class BalanceVersions1765600200000 implements MigrationInterface {
  name = 'BalanceVersions1765600200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE project_balance_requests ADD COLUMN version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE project_balance_requests DROP COLUMN version`);
  }
}
