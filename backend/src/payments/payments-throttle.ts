import { applyDecorators, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { FailOpenThrottlerGuard } from '../common/guards/public-throttle';

/**
 * Creating payments: each call creates a Stripe object, so a client gets a few a minute
 * (counted in Redis, per route and address) — plenty for a person retrying a card. Like the
 * public forms these fail open: a Redis outage must not turn a paying client away with a 500
 * (found by `npm run bench -- chaos`).
 */
export const PaymentThrottle = () =>
  applyDecorators(UseGuards(FailOpenThrottlerGuard), Throttle({ default: { limit: 20, ttl: 60_000 } }));

/** Reading a payment's status: the result page polls, so it gets more. */
export const PaymentStatusThrottle = () =>
  applyDecorators(UseGuards(FailOpenThrottlerGuard), Throttle({ default: { limit: 60, ttl: 60_000 } }));
