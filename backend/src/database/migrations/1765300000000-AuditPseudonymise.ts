import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log stays append-only, with one narrow exception: a data erasure may replace the
 * erased address with a pseudonym in the text of existing entries (summary, target, actor name,
 * before/after), and nothing else. The erasure asks for it inside its own transaction with
 * `set_config('studio.audit_pseudonymise', 'on', true)`; every other UPDATE, every DELETE and
 * TRUNCATE are refused as before, and no entry's id, time, actor id, address or action can move.
 */
export class AuditPseudonymise1765300000000 implements MigrationInterface {
  name = 'AuditPseudonymise1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
           AND current_setting('studio.audit_pseudonymise', true) = 'on'
           AND NEW.id = OLD.id AND NEW.at = OLD.at
           AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
           AND NEW.ip IS NOT DISTINCT FROM OLD.ip
           AND NEW.action = OLD.action
           AND NEW.target_type IS NOT DISTINCT FROM OLD.target_type THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
  }
}
