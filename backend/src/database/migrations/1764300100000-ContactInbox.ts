import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contact messages become an inbox: a status (new, replied, archived), when staff first opened
 * it (the menu's unread count), and the thread of replies sent from /admin/messages, each with
 * the id of its mail job so its delivery state can be shown.
 */
export class ContactInbox1764300100000 implements MigrationInterface {
  name = 'ContactInbox1764300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE contacts
        ADD COLUMN status varchar(20) NOT NULL DEFAULT 'new',
        ADD COLUMN read_at timestamptz,
        ADD CONSTRAINT contacts_status_check CHECK (status IN ('new', 'replied', 'archived'))`);
    await q.query(`CREATE INDEX contacts_status_created_idx ON contacts (status, created_at DESC)`);
    await q.query(`CREATE INDEX contacts_unread_idx ON contacts (id) WHERE read_at IS NULL`);
    await q.query(`
      CREATE TABLE contact_replies (
        id serial PRIMARY KEY,
        contact_id integer NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        author_id integer REFERENCES users (id) ON DELETE SET NULL,
        author_name varchar(100),
        kind varchar(20) NOT NULL DEFAULT 'reply',
        body text NOT NULL,
        service_id integer,
        mail_job_id varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contact_replies_kind_check CHECK (kind IN ('reply', 'deposit-link')),
        CONSTRAINT contact_replies_body_length CHECK (char_length(body) BETWEEN 1 AND 5000)
      )`);
    await q.query(`CREATE INDEX contact_replies_contact_idx ON contact_replies (contact_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_replies`);
    await q.query(`DROP INDEX contacts_unread_idx`);
    await q.query(`DROP INDEX contacts_status_created_idx`);
    await q.query(`
      ALTER TABLE contacts
        DROP CONSTRAINT contacts_status_check,
        DROP COLUMN read_at,
        DROP COLUMN status`);
  }
}
