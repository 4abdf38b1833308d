import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCOUNT_MESSAGES, type Role } from '@studio/shared';
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
    const user = context
      .switchToHttp()
      .getRequest<{ user?: { role: string; twoFactorSetupRequired?: boolean } }>().user;
    if (!user) throw unauthorized();
    if (!hasRole(user.role, allowed)) throw forbidden();
    // The studio requires 2FA and this account has none: only its own pages (no roles) stay open.
    if (allowed.length && user.twoFactorSetupRequired) {
      throw forbidden(ACCOUNT_MESSAGES.twoFactorRequiredSetup, 'TWO_FACTOR_SETUP_REQUIRED');
    }
    return true;
  }
}
