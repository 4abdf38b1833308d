import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refund made from the back office carries the id of the request the admin's form made: one
 * refund per request id (a double click or a retried request finds the first one), and the
 * Stripe idempotency key is derived from it.
 */
export class RefundRequests1765600000000 implements MigrationInterface {
  name = 'RefundRequests1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_refunds ADD COLUMN request_id uuid`);
    await q.query(
      `ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_request_id_key UNIQUE (request_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_refunds DROP COLUMN request_id`);
  }
}
