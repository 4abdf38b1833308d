import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client projects (issue 13): one project per paid booking, an append-only timeline (a trigger
 * refuses UPDATE and DELETE on it), the client's files with their probe results, and the
 * portal's single-use sign-in links and sessions (only SHA-256 hashes of the tokens are kept).
 */
export class CreateProjects1764100000000 implements MigrationInterface {
  name = 'CreateProjects1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_id integer NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
        customer_email varchar(255) NOT NULL,
        customer_name varchar(255),
        service_id integer REFERENCES production_services (id) ON DELETE SET NULL,
        service_name varchar(100) NOT NULL,
        quoted_pence integer NOT NULL,
        deposit_pence integer NOT NULL,
        revision_rounds integer NOT NULL,
        status varchar(30) NOT NULL DEFAULT 'awaiting_files',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT projects_payment_id_key UNIQUE (payment_id),
        CONSTRAINT projects_status_check
          CHECK (status IN ('awaiting_files', 'files_received', 'in_progress', 'on_hold', 'cancelled')),
        CONSTRAINT projects_email_lower_check CHECK (customer_email = lower(customer_email)),
        CONSTRAINT projects_money_check CHECK (quoted_pence >= 0 AND deposit_pence >= 0),
        CONSTRAINT projects_revision_rounds_check CHECK (revision_rounds >= 0)
      )`);
    await q.query(`CREATE INDEX projects_customer_email_idx ON projects (customer_email)`);
    await q.query(`CREATE INDEX projects_status_idx ON projects (status, created_at DESC)`);

    await q.query(`
      CREATE TABLE project_events (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        type varchar(30) NOT NULL,
        actor varchar(10) NOT NULL,
        actor_name varchar(255),
        message text NOT NULL,
        internal boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_events_actor_check CHECK (actor IN ('client', 'staff', 'system'))
      )`);
    await q.query(`CREATE INDEX project_events_project_idx ON project_events (project_id, id)`);
    await q.query(`
      CREATE FUNCTION project_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'project_events is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER project_events_append_only BEFORE UPDATE OR DELETE ON project_events
        FOR EACH ROW EXECUTE FUNCTION project_events_append_only()`);

    await q.query(`
      CREATE TABLE project_files (
        id varchar(64) PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id),
        name varchar(255) NOT NULL,
        size bigint NOT NULL,
        kind varchar(10),
        status varchar(20) NOT NULL DEFAULT 'uploading',
        sha256 char(64),
        probe jsonb,
        warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_files_status_check CHECK (status IN ('uploading', 'stored', 'probed', 'failed')),
        CONSTRAINT project_files_size_check CHECK (size >= 0)
      )`);
    await q.query(`CREATE INDEX project_files_project_idx ON project_files (project_id, created_at)`);

    await q.query(`
      CREATE TABLE portal_tokens (
        token_hash char(64) PRIMARY KEY,
        kind varchar(10) NOT NULL,
        email varchar(255) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT portal_tokens_kind_check CHECK (kind IN ('link', 'session'))
      )`);
    await q.query(`CREATE INDEX portal_tokens_expires_idx ON portal_tokens (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE portal_tokens`);
    await q.query(`DROP TABLE project_files`);
    await q.query(`DROP TABLE project_events`);
    await q.query(`DROP FUNCTION project_events_append_only()`);
    await q.query(`DROP TABLE projects`);
  }
}
