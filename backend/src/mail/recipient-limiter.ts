/**
 * Caps the mail one address receives from the public forms (contact thank-yous, newsletter
 * confirmations): anyone can type someone else's address, so without a cap the site can be
 * used to flood a stranger's inbox. Counted per address and UTC day in Redis (the address is
 * hashed, so the keys hold no personal data). Fails open: a visitor's mail is never dropped
 * because Redis hiccupped.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { VISITOR_MAIL } from '@studio/shared';
import { REDIS } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1000;

@Injectable()
export class RecipientLimiter {
  private readonly logger = new Logger(RecipientLimiter.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one more mail to `address` today; false when that is past the daily cap. */
  async allow(address: string, now = new Date()): Promise<boolean> {
    const hash = createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
    const key = `mail-rcpt:${now.toISOString().slice(0, 10)}:${hash}`;
    try {
      const counted = this.redis
        .multi()
        .incr(key)
        .expire(key, 2 * 86_400)
        .exec();
      const timeout = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('Redis did not answer in time')), CHECK_TIMEOUT_MS).unref();
      });
      const [[, count]] = (await Promise.race([counted, timeout])) as [[Error | null, number]];
      return count <= VISITOR_MAIL.perAddressPerDay;
    } catch (err) {
      this.logger.warn(`Recipient limit not checked (${(err as Error).message}); sending`);
      return true;
    }
  }
}
