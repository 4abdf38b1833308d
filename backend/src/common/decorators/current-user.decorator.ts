import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { User } from '../../users/entities/user.entity';

/** The authenticated user, or null on routes that allow anonymous callers. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): User | null => {
  return ctx.switchToHttp().getRequest<{ user?: User }>().user ?? null;
});
