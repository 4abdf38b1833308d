import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/**
 * The authenticated caller, or null on routes that allow anonymous callers. The guard that ran
 * before decides what the object is (a staff user or a portal client); the controller's
 * parameter type names it, so this file depends on no feature.
 */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): unknown => {
  return ctx.switchToHttp().getRequest<{ user?: unknown }>().user ?? null;
});
