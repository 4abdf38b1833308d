/**
 * Rate limits for the public forms (contact, newsletter, referral), counted in Redis so they
 * hold across API instances.
 *
 * Unlike the login throttle, these fail open: if Redis cannot be reached the request goes
 * through rather than failing, because a visitor's message must never be lost to a limiter.
 */
import { applyDecorators, Injectable, Logger, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerException, ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import { unavailable } from '../errors/app.exception';

@Injectable()
export class FailOpenThrottlerGuard extends ThrottlerGuard {
  private readonly failOpenLog = new Logger('PublicThrottle');

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(props);
    } catch (err) {
      if (err instanceof ThrottlerException) throw err;
      this.failOpenLog.warn(
        `Rate limit not checked (${(err as Error).message}); letting the request through`,
      );
      return true;
    }
  }
}

/**
 * For limits that must hold (sign-in, password reset): when Redis cannot count, the request is
 * refused with a clear 503 rather than let through (or answered with a 500).
 */
@Injectable()
export class FailClosedThrottlerGuard extends ThrottlerGuard {
  private readonly failClosedLog = new Logger('StrictThrottle');

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(props);
    } catch (err) {
      if (err instanceof ThrottlerException) throw err;
      this.failClosedLog.warn(`Rate limit not checked (${(err as Error).message}); refusing the request`);
      throw unavailable('This is briefly unavailable. Please try again in a minute.', 'SERVICE_UNAVAILABLE');
    }
  }
}

/**
 * At most `limit` requests per `ttlMs` from one client on the decorated route. Routes given the
 * same `bucket` share one count (the JSON form and its no-JavaScript twin), so a second way in
 * does not double the allowance.
 */
export const PublicThrottle = (limit: number, ttlMs: number, bucket?: string) =>
  applyDecorators(
    UseGuards(FailOpenThrottlerGuard),
    Throttle({
      default: {
        limit,
        ttl: ttlMs,
        generateKey: bucket ? (_ctx, tracker, name) => `form:${bucket}:${name}:${tracker}` : undefined,
      },
    }),
  );

const MINUTE = 60_000;
/** Per client. Generous enough for a person retrying a form, tight enough to stop a script. */
export const THROTTLES = {
  contact: [10, 10 * MINUTE],
  newsletter: [10, 10 * MINUTE],
  referralGenerate: [10, 10 * MINUTE],
  referralRead: [30, MINUTE],
  unsubscribe: [30, MINUTE],
} as const satisfies Record<string, readonly [number, number]>;
