import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@studio/shared';
import { forbidden, unauthorized } from '../errors/app.exception';

export const ROLES_KEY = 'roles';

export function hasRole(userRole: string | undefined, allowed: readonly Role[]): boolean {
  return allowed.length === 0 || (!!userRole && (allowed as readonly string[]).includes(userRole));
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const allowed =
      this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
    const user = context.switchToHttp().getRequest<{ user?: { role: string } }>().user;
    if (!user) throw unauthorized();
    if (!hasRole(user.role, allowed)) throw forbidden();
    return true;
  }
}
