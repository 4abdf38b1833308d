import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every queued mail is stored here first; the Bull job carries only its id (no personal data in
 * Redis). The row also records when the mail was sent or given up on, so a job that Redis lost
 * (restarted without persistence) is queued again and one that was already sent is not resent.
 */
export class MailMessages1764800000000 implements MigrationInterface {
  name = 'MailMessages1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_messages (
        job_id varchar(200) PRIMARY KEY,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        failed_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX mail_messages_pending_idx ON mail_messages (created_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_messages`);
  }
}
