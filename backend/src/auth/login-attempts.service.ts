/**
 * Per-account sign-in failures, on top of the per-client rate limit. After
 * ACCOUNT_RULES.loginFailuresBeforeLock failures the account waits, and each further failure
 * doubles the wait up to a ceiling. Counted in Redis so it holds across API instances.
 *
 * The key is the account when the login names one, else the login text itself, so an unknown
 * username is locked exactly like a real one and the lock tells nobody which names exist.
 * A browser that has signed in to the account before (its device cookie is on one of the
 * account's sessions) counts on a key of its own (`deviceKeyFor`): failures from anywhere else,
 * an attacker rotating addresses say, lock the account for unknown devices only and never keep
 * the owner's own browser from signing in with the right password.
 * If Redis is unreachable the check is skipped (the per-client throttle still applies).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@studio/shared';
import { AppException } from '../common/errors/app.exception';
import { REDIS } from '../redis/redis.module';

export interface FailureResult {
  failures: number;
  /** Seconds the account is now locked for (0 when not locked). */
  lockSeconds: number;
  /** True on the failure that started a lock (the moment to mail the owner). */
  lockedNow: boolean;
}

/** Failures are forgotten this long after the last one. */
const WINDOW_SECONDS = 24 * 60 * 60;

export function lockSecondsFor(failures: number): number {
  const over = failures - ACCOUNT_RULES.loginFailuresBeforeLock;
  if (over < 0) return 0;
  return Math.min(ACCOUNT_RULES.loginLockBaseSeconds * 2 ** over, ACCOUNT_RULES.loginLockMaxSeconds);
}

export const accountLocked = () => new AppException(429, ACCOUNT_MESSAGES.accountLocked, 'ACCOUNT_LOCKED');

@Injectable()
export class LoginAttemptsService {
  private readonly logger = new Logger(LoginAttemptsService.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static keyFor(userId: number | null, login: string): string {
    return userId !== null
      ? `login:user:${userId}`
      : `login:name:${createHash('sha256').update(login.trim().toLowerCase()).digest('hex')}`;
  }

  /** The key of one known device of an account (`deviceHash`: sha256 of its device cookie). */
  static deviceKeyFor(userId: number, deviceHash: string): string {
    return `login:user:${userId}:device:${deviceHash}`;
  }

  static isDeviceKey(key: string): boolean {
    return key.includes(':device:');
  }

  /** Throws 429 ACCOUNT_LOCKED while the key is locked. */
  async assertNotLocked(key: string): Promise<void> {
    try {
      if (await this.redis.exists(`${key}:lock`)) throw accountLocked();
    } catch (err) {
      if (err instanceof AppException) throw err;
      this.logger.warn(`Login lock not checked: ${(err as Error).message}`);
    }
  }

  async fail(key: string): Promise<FailureResult> {
    try {
      const failures = await this.redis.incr(`${key}:n`);
      await this.redis.expire(`${key}:n`, WINDOW_SECONDS);
      const lockSeconds = lockSecondsFor(failures);
      if (lockSeconds) await this.redis.set(`${key}:lock`, '1', 'EX', lockSeconds);
      return { failures, lockSeconds, lockedNow: failures === ACCOUNT_RULES.loginFailuresBeforeLock };
    } catch (err) {
      this.logger.warn(`Login failure not counted: ${(err as Error).message}`);
      return { failures: 0, lockSeconds: 0, lockedNow: false };
    }
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(`${key}:n`, `${key}:lock`).catch(() => undefined);
  }
}
