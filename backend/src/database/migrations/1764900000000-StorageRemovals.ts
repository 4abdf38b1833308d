import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored files waiting to be removed. A key is written here in the same transaction that deletes
 * (or gives up on) the file's row, and deleted once the file is gone from storage, so a crash
 * or a storage outage between the two leaves a note to retry instead of an orphan file.
 */
export class StorageRemovals1764900000000 implements MigrationInterface {
  name = 'StorageRemovals1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE storage_removals (
        key varchar(64) PRIMARY KEY,
        queued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE storage_removals`);
  }
}
