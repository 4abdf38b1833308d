import { applyDecorators, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { FailClosedThrottlerGuard } from '../common/guards/public-throttle';

/**
 * Login and registration: a handful of attempts a minute per client, counted in Redis. Fails
 * closed: without Redis the answer is a 503, not an unlimited password oracle.
 */
export const AuthThrottle = () =>
  applyDecorators(UseGuards(FailClosedThrottlerGuard), Throttle({ default: { limit: 10, ttl: 60_000 } }));
