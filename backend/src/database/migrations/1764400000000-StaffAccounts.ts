import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff accounts done properly: server-side sessions, per-account login delays, reset and
 * invitation links (hashes only), two-factor sign-in, and the append-only audit log.
 */
export class StaffAccounts1764400000000 implements MigrationInterface {
  name = 'StaffAccounts1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN deactivated_at timestamptz,
        ADD COLUMN invited_at timestamptz,
        ADD COLUMN last_sign_in_at timestamptz,
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_pending_secret text,
        ADD COLUMN totp_enabled_at timestamptz`);

    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_hash char(64),
        ip varchar(64),
        user_agent varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason varchar(40)
      )`);
    await q.query(`CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE ended_at IS NULL`);
    await q.query(`CREATE INDEX auth_sessions_device_idx ON auth_sessions (user_id, device_hash)`);

    await q.query(`
      CREATE TABLE account_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('reset', 'invite')),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)`);

    await q.query(`
      CREATE TABLE two_factor_recovery_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id)`);

    await q.query(`
      CREATE TABLE security_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        require_two_factor boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO security_settings (id) VALUES (1)`);

    // No foreign key to users: a log line outlives whatever it names, and a cascading
    // UPDATE/DELETE would be refused by the trigger below anyway.
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id integer,
        actor_name varchar(100),
        ip varchar(64),
        action varchar(60) NOT NULL,
        target_type varchar(40),
        target_id varchar(100),
        summary varchar(500) NOT NULL,
        before jsonb,
        after jsonb
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP TABLE security_settings`);
    await q.query(`DROP TABLE two_factor_recovery_codes`);
    await q.query(`DROP TABLE account_tokens`);
    await q.query(`DROP TABLE auth_sessions`);
    await q.query(`
      ALTER TABLE users
        DROP COLUMN deactivated_at, DROP COLUMN invited_at,
        DROP COLUMN last_sign_in_at, DROP COLUMN totp_secret,
        DROP COLUMN totp_pending_secret, DROP COLUMN totp_enabled_at`);
  }
}
