import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client projects, part 2 (issue 14): the later states, versions with their previews, peaks and
 * loudness, timestamped comments gathered in revision rounds, extra money lines, the balance
 * request (one per project), the final files and a record of every download.
 */
export class ProjectReviews1764600000000 implements MigrationInterface {
  name = 'ProjectReviews1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_status_check`);
    await q.query(`
      ALTER TABLE projects
        ADD CONSTRAINT projects_status_check CHECK (status IN ('awaiting_files', 'files_received',
          'in_progress', 'in_review', 'revision_requested', 'approved', 'paid', 'delivered', 'closed',
          'on_hold', 'cancelled')),
        ADD COLUMN protection varchar(10) NOT NULL DEFAULT 'none',
        ADD COLUMN tag_every_sec integer NOT NULL DEFAULT 20,
        ADD CONSTRAINT projects_protection_check CHECK (protection IN ('none', 'tag', 'fade')),
        ADD CONSTRAINT projects_tag_every_check CHECK (tag_every_sec BETWEEN 5 AND 120)`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_kind_check CHECK (kind IN ('deposit', 'custom', 'plan', 'balance'))`,
    );
    await q.query(`ALTER TABLE settings ADD COLUMN extra_round_fee_pence integer`);

    await q.query(`
      CREATE TABLE project_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id),
        number integer NOT NULL,
        kind varchar(12) NOT NULL,
        name varchar(255) NOT NULL,
        size bigint NOT NULL,
        source_key varchar(64) NOT NULL,
        preview_key varchar(64),
        status varchar(12) NOT NULL DEFAULT 'processing',
        duration_sec double precision,
        loudness_lufs double precision,
        peaks jsonb,
        protection varchar(10) NOT NULL,
        note text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_versions_number_key UNIQUE (project_id, number),
        CONSTRAINT project_versions_kind_check CHECK (kind IN ('mix', 'master', 'alternate')),
        CONSTRAINT project_versions_status_check CHECK (status IN ('processing', 'ready', 'failed'))
      )`);

    await q.query(`
      CREATE TABLE project_rounds (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        number integer,
        status varchar(10) NOT NULL DEFAULT 'draft',
        extra boolean NOT NULL DEFAULT false,
        fee_pence integer NOT NULL DEFAULT 0,
        submitted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_rounds_number_key UNIQUE (project_id, number),
        CONSTRAINT project_rounds_status_check CHECK (status IN ('draft', 'submitted')),
        CONSTRAINT project_rounds_submitted_check CHECK ((status = 'draft') = (number IS NULL))
      )`);
    // One draft at a time: the client's notes gather there until they submit it.
    await q.query(
      `CREATE UNIQUE INDEX project_rounds_one_draft ON project_rounds (project_id) WHERE status = 'draft'`,
    );

    await q.query(`
      CREATE TABLE project_comments (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        version_id uuid NOT NULL REFERENCES project_versions (id),
        parent_id bigint REFERENCES project_comments (id),
        round_id bigint REFERENCES project_rounds (id),
        author varchar(10) NOT NULL,
        author_name varchar(255),
        body text NOT NULL,
        at_sec double precision NOT NULL,
        end_sec double precision,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_comments_author_check CHECK (author IN ('client', 'staff')),
        CONSTRAINT project_comments_range_check CHECK (at_sec >= 0 AND (end_sec IS NULL OR end_sec > at_sec))
      )`);
    await q.query(`CREATE INDEX project_comments_project_idx ON project_comments (project_id, at_sec)`);

    await q.query(`
      CREATE TABLE project_extras (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        round_id bigint UNIQUE REFERENCES project_rounds (id),
        label varchar(255) NOT NULL,
        amount_pence integer NOT NULL CHECK (amount_pence >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE project_balance_requests (
        project_id uuid PRIMARY KEY REFERENCES projects (id),
        token varchar(64) NOT NULL UNIQUE,
        amount_pence integer NOT NULL CHECK (amount_pence >= 0),
        payment_id integer REFERENCES payments (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE project_finals (
        id varchar(64) PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        name varchar(255) NOT NULL,
        size bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX project_finals_project_idx ON project_finals (project_id, created_at)`);

    await q.query(`
      CREATE TABLE project_downloads (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        final_id varchar(64) REFERENCES project_finals (id),
        email varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'project_downloads',
      'project_finals',
      'project_balance_requests',
      'project_extras',
      'project_comments',
      'project_rounds',
      'project_versions',
    ])
      await q.query(`DROP TABLE ${t}`);
    await q.query(`ALTER TABLE settings DROP COLUMN extra_round_fee_pence`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_kind_check CHECK (kind IN ('deposit', 'custom', 'plan'))`,
    );
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_tag_every_check`);
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_protection_check`);
    await q.query(`ALTER TABLE projects DROP COLUMN protection, DROP COLUMN tag_every_sec`);
    await q.query(`ALTER TABLE projects DROP CONSTRAINT projects_status_check`);
    await q.query(`
      ALTER TABLE projects ADD CONSTRAINT projects_status_check
        CHECK (status IN ('awaiting_files', 'files_received', 'in_progress', 'on_hold', 'cancelled'))`);
  }
}
