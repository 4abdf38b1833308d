import { MigrationInterface, QueryRunner } from 'typeorm';

/** A reply's idempotency key: the same key on one message records (and mails) one reply. */
export class ContactReplyIdempotency1764700100000 implements MigrationInterface {
  name = 'ContactReplyIdempotency1764700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_replies ADD COLUMN idempotency_key varchar(100)`);
    await q.query(
      `CREATE UNIQUE INDEX contact_replies_idempotency ON contact_replies (contact_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contact_replies_idempotency`);
    await q.query(`ALTER TABLE contact_replies DROP COLUMN idempotency_key`);
  }
}
