import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Browser sessions get a rotating refresh token: the httpOnly cookie carries a short-lived access
 * token, and the refresh cookie renews it. Only hashes are stored: the current refresh token's,
 * and the one it replaced (a late second renewal of a race is served; a replay is a theft and
 * ends the session).
 */
export class SessionRefreshTokens1765300300000 implements MigrationInterface {
  name = 'SessionRefreshTokens1765300300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE auth_sessions
        ADD COLUMN refresh_hash char(64),
        ADD COLUMN previous_refresh_hash char(64),
        ADD COLUMN refreshed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE auth_sessions
        DROP COLUMN refresh_hash, DROP COLUMN previous_refresh_hash, DROP COLUMN refreshed_at`);
  }
}
