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
}

/** Every query on `auth_sessions`. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(AuthSessionEntity) private readonly rows: Repository<AuthSessionEntity>) {}

  async insert(s: NewSession): Promise<string> {
    const [row] = (await this.rows.query(
      `INSERT INTO auth_sessions (user_id, device_hash, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [s.userId, s.deviceHash, s.ip, s.userAgent, s.expiresAt],
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
