import { applyDecorators, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';

/** Login and registration: a handful of attempts a minute per client, counted in Redis. */
export const AuthThrottle = () =>
  applyDecorators(UseGuards(ThrottlerGuard), Throttle({ default: { limit: 10, ttl: 60_000 } }));
