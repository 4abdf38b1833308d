/** Queries on portal_tokens: sign-in links and portal sessions, stored as SHA-256 hashes. */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class PortalTokensRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(tokenHash: string, kind: 'link' | 'session', email: string, expiresAt: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO portal_tokens (token_hash, kind, email, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenHash, kind, email, expiresAt],
    );
  }

  /**
   * Stores a new sign-in link for `email` and, in the same statement, uses up every link to that
   * address still open: only the newest link mailed works.
   */
  async replaceLinks(tokenHash: string, email: string, expiresAt: Date): Promise<void> {
    await this.ds.query(
      `WITH revoked AS (
         UPDATE portal_tokens SET used_at = now()
          WHERE kind = 'link' AND email = $2 AND used_at IS NULL AND expires_at > now()
       )
       INSERT INTO portal_tokens (token_hash, kind, email, expires_at) VALUES ($1, 'link', $2, $3)`,
      [tokenHash, email, expiresAt],
    );
  }

  /** Marks a live link used and returns its email; null when unknown, used or expired. Atomic. */
  async consumeLink(tokenHash: string): Promise<string | null> {
    const [rows]: [{ email: string }[], number] = await this.ds.query(
      `UPDATE portal_tokens SET used_at = now()
        WHERE token_hash = $1 AND kind = 'link' AND used_at IS NULL AND expires_at > now()
        RETURNING email`,
      [tokenHash],
    );
    return rows[0]?.email ?? null;
  }

  async sessionEmail(tokenHash: string): Promise<string | null> {
    const rows: { email: string }[] = await this.ds.query(
      `SELECT email FROM portal_tokens WHERE token_hash = $1 AND kind = 'session' AND expires_at > now()`,
      [tokenHash],
    );
    return rows[0]?.email ?? null;
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.ds.query(
      `UPDATE portal_tokens SET expires_at = now() WHERE token_hash = $1 AND kind = 'session'`,
      [tokenHash],
    );
  }

  /** Drops tokens that expired a day ago or more. */
  async purgeExpired(): Promise<void> {
    await this.ds.query(`DELETE FROM portal_tokens WHERE expires_at < now() - interval '1 day'`);
  }
}
