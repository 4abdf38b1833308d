import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter issues and one delivery row per recipient. The rows are written when an issue is
 * sent (the recipients are fixed then) and are the record of who was mailed: a resumed send
 * queues only rows not yet queued, and the worker skips a row already sent. A deleted
 * subscriber's rows lose their link (and so their address): nothing more goes to them.
 */
export class NewsletterIssues1764700000000 implements MigrationInterface {
  name = 'NewsletterIssues1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE newsletter_issues (
        id serial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        preheader varchar(200) NOT NULL DEFAULT '',
        body_html text NOT NULL,
        state varchar(20) NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sending', 'sent')),
        created_by varchar(100),
        sent_by varchar(100),
        recipients integer NOT NULL DEFAULT 0,
        send_started_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE newsletter_deliveries (
        id bigserial PRIMARY KEY,
        issue_id integer NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
        subscriber_id integer REFERENCES newsletter_subscribers (id) ON DELETE SET NULL,
        status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'queued', 'sent', 'failed', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        error varchar(300),
        sent_at timestamptz,
        UNIQUE (issue_id, subscriber_id)
      )`);
    await q.query(
      `CREATE INDEX newsletter_deliveries_issue_status ON newsletter_deliveries (issue_id, status, id)`,
    );
    await q.query(`CREATE INDEX newsletter_deliveries_subscriber ON newsletter_deliveries (subscriber_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_deliveries`);
    await q.query(`DROP TABLE newsletter_issues`);
  }
}
