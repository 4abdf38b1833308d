/**
 * Server-side sessions. A token names its session (`sid`); every request checks that the
 * session is still open and its user still active, so logging out, a password change or a
 * deactivation ends a token at once instead of when it expires.
 */
import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash } from 'node:crypto';
import { ACCOUNT_RULES } from '@studio/shared';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { SessionsRepository } from './sessions.repository';

export interface TokenPayload {
  sub: number;
  role: string;
  /** The auth_sessions row this token belongs to. */
  sid: string;
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** The browser's long-lived device cookie, if it sent one. */
  deviceId?: string | null;
}

export interface StartedSession {
  authToken: string;
  sessionId: string;
  /** True when the account signed in before, but never from this device. */
  newDevice: boolean;
}

/** How often a session's last-seen time is written (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export const SESSION_SECONDS = ACCOUNT_RULES.sessionDays * 24 * 60 * 60;

export const hashDevice = (deviceId: string | null | undefined): string | null =>
  deviceId ? createHash('sha256').update(deviceId).digest('hex') : null;

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  async start(user: Pick<UserEntity, 'id' | 'role'>, meta: SessionMeta = {}): Promise<StartedSession> {
    const deviceHash = hashDevice(meta.deviceId);
    const history = await this.sessions.deviceHistory(user.id, deviceHash);
    const sessionId = await this.sessions.insert({
      userId: user.id,
      deviceHash,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
    });
    const payload: TokenPayload = { sub: user.id, role: user.role, sid: sessionId };
    const authToken = await this.jwt.signAsync(payload);
    return { authToken, sessionId, newDevice: history.any && !history.device };
  }

  /**
   * The sha256 of `deviceId` when that browser has signed in to the account before, else null.
   * Runs the same query whether or not the account exists (`userId` 0 for none).
   */
  async knownDevice(userId: number, deviceId: string | null | undefined): Promise<string | null> {
    const deviceHash = hashDevice(deviceId);
    const history = await this.sessions.deviceHistory(userId, deviceHash);
    return history.device ? deviceHash : null;
  }

  /** The user behind a verified token payload, or null if its session or account has ended. */
  async resolve(payload: Partial<TokenPayload>): Promise<UserEntity | null> {
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'number') return null;
    const session = await this.sessions.findLive(payload.sid, payload.sub).catch(() => null);
    if (!session) return null;
    const user = await this.users.findById(payload.sub);
    if (!user || user.deactivatedAt) return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      void this.sessions.touch(session.id).catch((err: Error) => this.logger.warn(err.message));
    }
    return user;
  }

  /** For pages outside Nest's guards (the queue dashboard): a raw token to a user, or null. */
  async userFromToken(token: string): Promise<UserEntity | null> {
    try {
      return await this.resolve(await this.jwt.verifyAsync<TokenPayload>(token));
    } catch {
      return null;
    }
  }

  /** The session id inside a token, without trusting anything else in it. */
  async sessionIdOf(token: string | null | undefined): Promise<string | null> {
    if (!token) return null;
    try {
      return (await this.jwt.verifyAsync<TokenPayload>(token)).sid ?? null;
    } catch {
      return null;
    }
  }

  end(sessionId: string, reason: string): Promise<void> {
    return this.sessions.end(sessionId, reason);
  }

  /** Ends every session of a user at once, except `keepSessionId` (the caller's own). */
  endAllForUser(userId: number, reason: string, keepSessionId?: string): Promise<number> {
    return this.sessions.endAllForUser(userId, reason, keepSessionId);
  }

  countLive(userId: number): Promise<number> {
    return this.sessions.countLive(userId);
  }
}
