import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuthSessionEntity } from './entities/auth-session.entity';

export interface NewSession {
  userId: number;
  deviceHash: string | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
  refreshHash: string;
}

/** What presenting a refresh token found (see rotateRefresh). */
export type RefreshOutcome =
  | { kind: 'rotated'; userId: number }
  | { kind: 'grace'; userId: number }
  | { kind: 'replayed' }
  | { kind: 'unknown' };

/** Every query on `auth_sessions`. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(AuthSessionEntity) private readonly rows: Repository<AuthSessionEntity>) {}

  async insert(s: NewSession): Promise<string> {
    const [row] = (await this.rows.query(
      `INSERT INTO auth_sessions (user_id, device_hash, ip, user_agent, expires_at, refresh_hash)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [s.userId, s.deviceHash, s.ip, s.userAgent, s.expiresAt, s.refreshHash],
    )) as { id: string }[];
    return row.id;
  }

  /** The session if it is still open and not expired. */
  async findLive(id: string, userId: number): Promise<AuthSessionEntity | null> {
    return this.rows
      .createQueryBuilder('s')
      .where('s.id = :id AND s.user_id = :userId', { id, userId })
      .andWhere('s.ended_at IS NULL AND s.expires_at > now()')
      .getOne();
  }

  /**
   * Swaps a live session's refresh token `presentedHash` for `nextHash`, in one statement, so two
   * renewals racing with the same token cannot both rotate it. When it does not match the current
   * token: the one just replaced, within `graceSeconds` of the swap, is a racing twin ('grace');
   * any older one is a replay ('replayed'); anything else is 'unknown'.
   */
  async rotateRefresh(
    id: string,
    presentedHash: string,
    nextHash: string,
    graceSeconds: number,
  ): Promise<RefreshOutcome> {
    const [rows] = (await this.rows.query(
      `UPDATE auth_sessions
          SET previous_refresh_hash = refresh_hash, refresh_hash = $3, refreshed_at = now(), last_seen_at = now()
        WHERE id = $1 AND refresh_hash = $2 AND ended_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [id, presentedHash, nextHash],
    )) as [{ user_id: number }[], number];
    if (rows[0]) return { kind: 'rotated', userId: rows[0].user_id };
    const [row] = (await this.rows.query(
      `SELECT user_id, refreshed_at > now() - make_interval(secs => $3::double precision) AS recent
         FROM auth_sessions
        WHERE id = $1 AND previous_refresh_hash = $2 AND ended_at IS NULL AND expires_at > now()`,
      [id, presentedHash, graceSeconds],
    )) as { user_id: number; recent: boolean }[];
    if (!row) return { kind: 'unknown' };
    return row.recent ? { kind: 'grace', userId: row.user_id } : { kind: 'replayed' };
  }

  async touch(id: string): Promise<void> {
    await this.rows.query(`UPDATE auth_sessions SET last_seen_at = now() WHERE id = $1`, [id]);
  }

  /** Whether the user has signed in before, and whether from this device. */
  async deviceHistory(userId: number, deviceHash: string | null): Promise<{ any: boolean; device: boolean }> {
    const [row] = (await this.rows.query(
      `SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = $1) AS any,
              EXISTS (SELECT 1 FROM auth_sessions WHERE user_id = $1 AND device_hash = $2) AS device`,
      [userId, deviceHash],
    )) as { any: boolean; device: boolean }[];
    return row;
  }

  async end(id: string, reason: string): Promise<void> {
    await this.rows.query(
      `UPDATE auth_sessions SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL`,
      [id, reason],
    );
  }

  /** Ends every open session of a user but `keepId`; returns how many ended. */
  async endAllForUser(userId: number, reason: string, keepId?: string): Promise<number> {
    const rows = (await this.rows.query(
      `UPDATE auth_sessions SET ended_at = now(), end_reason = $2
       WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid) RETURNING id`,
      [userId, reason, keepId ?? null],
    )) as [unknown[], number];
    return rows[1];
  }

  async countLive(userId: number): Promise<number> {
    const [row] = (await this.rows.query(
      `SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()`,
      [userId],
    )) as { n: number }[];
    return row.n;
  }
}
