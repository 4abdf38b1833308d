/**
 * How many uploads one portal session may start per window (UPLOAD_RULES): every creation adds
 * a file row and a record in storage, so a script must not be able to make them without end.
 * Counted in Redis per session (hashed: the keys hold no session) and fixed window, so it holds
 * across API instances. Fails open: a client's upload is never refused because Redis hiccupped
 * (tus needs Redis for its locks anyway, so such a request rarely gets further).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { UPLOAD_RULES } from '@studio/shared';
import { REDIS } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1000;
export const UPLOAD_WINDOW_SECONDS = UPLOAD_RULES.createWindowMinutes * 60;

@Injectable()
export class UploadRateLimiter {
  private readonly logger = new Logger(UploadRateLimiter.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one more upload started by `session`; false when that is past the window's allowance. */
  async allow(session: string, now = Date.now()): Promise<boolean> {
    const hash = createHash('sha256').update(session).digest('base64url');
    const window = Math.floor(now / 1000 / UPLOAD_WINDOW_SECONDS);
    const key = `upload-create:${window}:${hash}`;
    try {
      const counted = this.redis
        .multi()
        .incr(key)
        .expire(key, 2 * UPLOAD_WINDOW_SECONDS)
        .exec();
      const timeout = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('Redis did not answer in time')), CHECK_TIMEOUT_MS).unref();
      });
      const [[, count]] = (await Promise.race([counted, timeout])) as [[Error | null, number]];
      return count <= UPLOAD_RULES.createPerSession;
    } catch (err) {
      this.logger.warn(`Upload rate not checked (${(err as Error).message}); letting it start`);
      return true;
    }
  }
}
