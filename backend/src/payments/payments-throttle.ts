import { applyDecorators, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';

/**
 * Creating payments: each call creates a Stripe object, so a client gets a few a minute
 * (counted in Redis, per route and address) — plenty for a person retrying a card.
 */
export const PaymentThrottle = () =>
  applyDecorators(UseGuards(ThrottlerGuard), Throttle({ default: { limit: 20, ttl: 60_000 } }));

/** Reading a payment's status: the result page polls, so it gets more. */
export const PaymentStatusThrottle = () =>
  applyDecorators(UseGuards(ThrottlerGuard), Throttle({ default: { limit: 60, ttl: 60_000 } }));
