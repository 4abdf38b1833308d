import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pausing a newsletter send. An issue can be `paused` (and resumed); `send_round` counts the
 * resumes, and each delivery row keeps the round its mail job was queued in (`round`), so a
 * row queued again after a resume gets a new mail job id (Bull keeps completed jobs and refuses
 * a second job under an id it holds) and a job of an earlier round no longer sends it.
 * `claimed` marks a row whose mail job is sending it now: a resume does not queue it again.
 */
export class NewsletterPause1765000000000 implements MigrationInterface {
  name = 'NewsletterPause1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_issues DROP CONSTRAINT newsletter_issues_state_check`);
    await q.query(`
      ALTER TABLE newsletter_issues
        ADD CONSTRAINT newsletter_issues_state_check CHECK (state IN ('draft', 'sending', 'paused', 'sent')),
        ADD COLUMN send_round integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE newsletter_deliveries DROP CONSTRAINT newsletter_deliveries_status_check`);
    await q.query(`
      ALTER TABLE newsletter_deliveries
        ADD CONSTRAINT newsletter_deliveries_status_check
          CHECK (status IN ('pending', 'queued', 'claimed', 'sent', 'failed', 'skipped')),
        ADD COLUMN round integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    // A paused issue goes back to sending (boot resumes it); a claimed row back to queued.
    await q.query(`UPDATE newsletter_issues SET state = 'sending' WHERE state = 'paused'`);
    await q.query(`UPDATE newsletter_deliveries SET status = 'queued' WHERE status = 'claimed'`);
    await q.query(`ALTER TABLE newsletter_deliveries DROP CONSTRAINT newsletter_deliveries_status_check`);
    await q.query(`
      ALTER TABLE newsletter_deliveries
        ADD CONSTRAINT newsletter_deliveries_status_check
          CHECK (status IN ('pending', 'queued', 'sent', 'failed', 'skipped')),
        DROP COLUMN round`);
    await q.query(`ALTER TABLE newsletter_issues DROP CONSTRAINT newsletter_issues_state_check`);
    await q.query(`
      ALTER TABLE newsletter_issues
        ADD CONSTRAINT newsletter_issues_state_check CHECK (state IN ('draft', 'sending', 'sent')),
        DROP COLUMN send_round`);
  }
}
