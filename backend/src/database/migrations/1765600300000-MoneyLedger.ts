import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One ledger of money: every amount owed (a project's balance, each re-pricing as the change
 * it makes), paid, refunded and lost to a dispute is a row, written in the transaction of the
 * change it records. `ref` names the fact (a Stripe refund id, a payment, a balance version),
 * so writing it twice is writing it once. Rows already implied by payments and balance requests
 * are carried over.
 */
export class MoneyLedger1765600300000 implements MigrationInterface {
  name = 'MoneyLedger1765600300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE money_ledger (
        id bigserial PRIMARY KEY,
        entry varchar(20) NOT NULL,
        amount integer NOT NULL,
        currency varchar(3) NOT NULL,
        payment_id integer REFERENCES payments (id) ON DELETE CASCADE,
        project_id uuid,
        stripe_id varchar(255),
        ref varchar(200) NOT NULL,
        memo text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT money_ledger_ref_key UNIQUE (ref),
        CONSTRAINT money_ledger_entry_check CHECK (entry IN ('owed', 'paid', 'refunded', 'disputed'))
      )`);
    await q.query(`CREATE INDEX money_ledger_payment_idx ON money_ledger (payment_id)`);
    await q.query(`CREATE INDEX money_ledger_project_idx ON money_ledger (project_id)`);
    const projectOf = `CASE WHEN p.metadata->>'projectId' ~ '^[0-9a-f-]{36}$' THEN (p.metadata->>'projectId')::uuid END`;
    await q.query(`
      INSERT INTO money_ledger (entry, amount, currency, payment_id, project_id, stripe_id, ref, memo, created_at)
      SELECT 'paid', p.amount, p.currency, p.id, ${projectOf}, p.stripe_payment_intent_id, 'paid-' || p.id,
             'carried over', p.updated_at
        FROM payments p WHERE p.status IN ('succeeded', 'partially_refunded', 'refunded')`);
    await q.query(`
      INSERT INTO money_ledger (entry, amount, currency, payment_id, project_id, stripe_id, ref, memo, created_at)
      SELECT 'refunded', r.amount, p.currency, p.id, ${projectOf}, r.stripe_refund_id, 'refund-' || r.stripe_refund_id,
             'carried over', r.created_at
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id`);
    await q.query(`
      INSERT INTO money_ledger (entry, amount, currency, payment_id, project_id, ref, memo, created_at)
      SELECT 'refunded', p.amount_refunded - COALESCE(SUM(r.amount), 0), p.currency, p.id, ${projectOf},
             'refund-total-' || p.id || '-' || p.amount_refunded, 'carried over (refunded in Stripe)', p.updated_at
        FROM payments p LEFT JOIN payment_refunds r ON r.payment_id = p.id
       GROUP BY p.id HAVING p.amount_refunded > COALESCE(SUM(r.amount), 0)`);
    await q.query(`
      INSERT INTO money_ledger (entry, amount, currency, project_id, ref, memo, created_at)
      SELECT 'owed', b.amount_pence, 'gbp', b.project_id, 'owed-balance-' || b.project_id || '-v' || b.version,
             'balance (carried over)', b.created_at
        FROM project_balance_requests b`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE money_ledger`);
  }
}
