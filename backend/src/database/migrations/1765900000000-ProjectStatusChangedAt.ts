import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a project entered its current status: the dashboard's "what needs doing" says how long
 * files have waited to be accepted, a round to be answered, a balance to be paid. `updated_at`
 * cannot say it (a protection change touches it too). Existing projects take the time of their
 * newest timeline line, which every status change writes.
 */
export class ProjectStatusChangedAt1765900000000 implements MigrationInterface {
  name = 'ProjectStatusChangedAt1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      UPDATE projects p
         SET status_changed_at = coalesce(
           (SELECT max(e.created_at) FROM project_events e WHERE e.project_id = p.id), p.updated_at)`);
    await q.query(`CREATE INDEX projects_status_changed_idx ON projects (status, status_changed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX projects_status_changed_idx`);
    await q.query(`ALTER TABLE projects DROP COLUMN status_changed_at`);
  }
}
