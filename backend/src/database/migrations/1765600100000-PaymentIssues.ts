import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money that needs a person: a webhook whose amount or currency is not what is owed, a payment
 * for a superseded checkout, finals locked again after a refund or a lost dispute, a difference
 * found by reconciliation. One row per fact (`dedupe_key`), so a retried event or a second
 * reconciliation run does not list it twice; staff mark a row resolved.
 */
export class PaymentIssues1765600100000 implements MigrationInterface {
  name = 'PaymentIssues1765600100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_issues (
        id serial PRIMARY KEY,
        kind varchar(40) NOT NULL,
        payment_id integer REFERENCES payments (id) ON DELETE CASCADE,
        project_id uuid,
        summary text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        dedupe_key varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolved_by integer REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT payment_issues_dedupe_key_key UNIQUE (dedupe_key)
      )`);
    await q.query(
      `CREATE INDEX payment_issues_open_idx ON payment_issues (created_at) WHERE resolved_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_issues`);
  }
}
