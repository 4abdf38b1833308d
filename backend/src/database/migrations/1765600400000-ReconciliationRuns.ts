import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each reconciliation with Stripe (the daily job or the payments page's button): the window it
 * read (`since`, from the previous run's start), and how many differences it found. The
 * differences themselves are payment_issues of kind 'reconciliation'.
 */
export class ReconciliationRuns1765600400000 implements MigrationInterface {
  name = 'ReconciliationRuns1765600400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reconciliation_runs (
        id serial PRIMARY KEY,
        trigger varchar(20) NOT NULL,
        since timestamptz NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        charges integer NOT NULL DEFAULT 0,
        refunds integer NOT NULL DEFAULT 0,
        disputes integer NOT NULL DEFAULT 0,
        differences integer NOT NULL DEFAULT 0,
        error text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reconciliation_runs`);
  }
}
