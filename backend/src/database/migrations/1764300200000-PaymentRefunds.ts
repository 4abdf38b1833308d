import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds: the total refunded on each payment (Stripe's own total from `charge.refunded`, or
 * ours after an admin refund), and one row per refund an admin made from /admin/payments with
 * the Stripe idempotency key it was sent with.
 */
export class PaymentRefunds1764300200000 implements MigrationInterface {
  name = 'PaymentRefunds1764300200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN amount_refunded integer NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE payments SET amount_refunded = LEAST(amount, (metadata->>'amountRefunded')::int)
       WHERE metadata ? 'amountRefunded' AND (metadata->>'amountRefunded') ~ '^[0-9]+$'`);
    await q.query(`
      ALTER TABLE payments ADD CONSTRAINT payments_amount_refunded_check
        CHECK (amount_refunded >= 0 AND amount_refunded <= amount)`);
    await q.query(`
      CREATE TABLE payment_refunds (
        id serial PRIMARY KEY,
        payment_id integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
        stripe_refund_id varchar(255) NOT NULL,
        amount integer NOT NULL,
        idempotency_key varchar(100) NOT NULL,
        requested_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_refunds_stripe_refund_id_key UNIQUE (stripe_refund_id),
        CONSTRAINT payment_refunds_amount_check CHECK (amount > 0)
      )`);
    await q.query(`CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_refunds`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_amount_refunded_check`);
    await q.query(`ALTER TABLE payments DROP COLUMN amount_refunded`);
  }
}
