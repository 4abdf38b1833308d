import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's upload quota counts the bytes that arrived, not the sizes uploads declared:
 * `received` is what a file holds (or may hold by the end of the write in progress). Files
 * already stored hold their size; uploads in flight keep their declared size until their next
 * write tells the truth.
 */
export class UploadReceivedBytes1765300200000 implements MigrationInterface {
  name = 'UploadReceivedBytes1765300200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE project_files ADD COLUMN received bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE project_files SET received = size WHERE status <> 'failed'`);
    await q.query(
      `ALTER TABLE project_files ADD CONSTRAINT project_files_received_check CHECK (received >= 0 AND received <= size)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE project_files DROP COLUMN received`);
  }
}
