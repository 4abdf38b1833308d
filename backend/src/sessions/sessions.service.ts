/**
 * Server-side sessions. A token names its session (`sid`); every request checks that the
 * session is still open and its user still active, so logging out, a password change or a
 * deactivation ends a token at once instead of when it expires.
 *
 * A sign-in yields two kinds of credential for the one session:
 * - `authToken`, for API clients that send `Authorization: Bearer`: valid for the session's life;
 * - for the browser, httpOnly cookies only: a short-lived access token (typ 'access',
 *   ACCOUNT_RULES.accessTokenMinutes) and a refresh token (`<sid>.<secret>`, only its sha256
 *   stored) that renews it and is replaced at every renewal. Presenting a replaced refresh token
 *   again (after the short grace a racing second tab needs) is taken as theft and ends the
 *   session.
 *
 * The next refresh token is derived from the one presented (an HMAC under a key of the server's),
 * not drawn at random. So a renewal whose answer the browser never stored (a navigation aborted
 * the request), or a second tab racing the first, presents the old token within the grace and
 * receives the very token the first renewal issued: the cookie jar converges on the current
 * token instead of keeping one that turns into a "replay" once the grace is over.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ACCOUNT_RULES } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { SessionsRepository } from './sessions.repository';

export interface TokenPayload {
  sub: number;
  role: string;
  /** The auth_sessions row this token belongs to. */
  sid: string;
  /** 'access': the browser's short-lived cookie token; absent on API clients' tokens. */
  typ?: 'access';
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** The browser's long-lived device cookie, if it sent one. */
  deviceId?: string | null;
}

/** What the browser keeps, in httpOnly cookies. */
export interface BrowserCredentials {
  accessToken: string;
  /** The refresh token that replaces the one presented (the same one for a racing twin). */
  refreshToken: string;
}

export interface StartedSession extends Required<BrowserCredentials> {
  authToken: string;
  sessionId: string;
  /** True when the account signed in before, but never from this device. */
  newDevice: boolean;
}

/** How often a session's last-seen time is written (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export const SESSION_SECONDS = ACCOUNT_RULES.sessionDays * 24 * 60 * 60;
export const ACCESS_TOKEN_SECONDS = ACCOUNT_RULES.accessTokenMinutes * 60;

const SID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hashDevice = (deviceId: string | null | undefined): string | null =>
  deviceId ? createHash('sha256').update(deviceId).digest('hex') : null;

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  /** Derives each refresh secret from the one it replaces (see the header). */
  private readonly rotationKey: Buffer;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rotationKey = createHmac('sha256', config.jwtSecret).update('refresh-rotation/v1').digest();
  }

  async start(user: Pick<UserEntity, 'id' | 'role'>, meta: SessionMeta = {}): Promise<StartedSession> {
    const deviceHash = hashDevice(meta.deviceId);
    const history = await this.sessions.deviceHistory(user.id, deviceHash);
    const secret = randomBytes(32).toString('base64url');
    const sessionId = await this.sessions.insert({
      userId: user.id,
      deviceHash,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
      refreshHash: sha256(secret),
    });
    const payload: TokenPayload = { sub: user.id, role: user.role, sid: sessionId };
    const authToken = await this.jwt.signAsync(payload);
    return {
      authToken,
      accessToken: await this.accessToken(payload),
      refreshToken: `${sessionId}.${secret}`,
      sessionId,
      newDevice: history.any && !history.device,
    };
  }

  /**
   * Renews a browser's access token from its refresh token, replacing the refresh token. Null
   * when it opens nothing (unknown, ended or expired session, inactive account, or a replayed
   * token, which also ends the session).
   */
  async refresh(refreshToken: string | undefined): Promise<BrowserCredentials | null> {
    const [sid, secret] = (refreshToken ?? '').split('.');
    if (!sid || !secret || !SID.test(sid) || secret.length > 100) return null;
    const next = createHmac('sha256', this.rotationKey).update(`${sid}.${secret}`).digest('base64url');
    const outcome = await this.sessions.rotateRefresh(
      sid,
      sha256(secret),
      sha256(next),
      ACCOUNT_RULES.refreshReuseGraceSeconds,
    );
    if (outcome.kind === 'replayed') {
      this.logger.warn(`Session ${sid}: a replaced refresh token came back; the session is ended`);
      await this.sessions.end(sid, 'refresh_replayed');
      return null;
    }
    if (outcome.kind === 'unknown') return null;
    const user = await this.users.findById(outcome.userId);
    if (!user || user.deactivatedAt) return null;
    const accessToken = await this.accessToken({ sub: user.id, role: user.role, sid });
    // A racing twin within the grace gets the token its first renewal issued (derived, not stored).
    return { accessToken, refreshToken: `${sid}.${next}` };
  }

  /** Whether `token` is a signature-valid token that has not expired (its session is not checked). */
  async isCurrent(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    try {
      await this.jwt.verifyAsync<TokenPayload>(token);
      return true;
    } catch {
      return false;
    }
  }

  private accessToken(payload: TokenPayload): Promise<string> {
    return this.jwt.signAsync({ ...payload, typ: 'access' }, { expiresIn: ACCESS_TOKEN_SECONDS });
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
