import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { UserEntity } from '../../users/entities/user.entity';

/** The authenticated user, or null on routes that allow anonymous callers. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): UserEntity | null => {
  return ctx.switchToHttp().getRequest<{ user?: UserEntity }>().user ?? null;
});
