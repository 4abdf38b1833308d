import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { PORTAL, PROJECT_MESSAGES } from '@studio/shared';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../common/errors/app.exception';
import { PortalAuthService } from './portal-auth.service';

export type PortalRequest = FastifyRequest & { portalEmail?: string };

/** Reads the portal session cookie; 401 without a live session. Staff JWTs do not count here. */
@Injectable()
export class PortalSessionGuard implements CanActivate {
  constructor(private readonly auth: PortalAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<PortalRequest>();
    const email = await this.auth.emailForSession(req.cookies?.[PORTAL.cookieName]);
    if (!email) throw unauthorized(PROJECT_MESSAGES.notSignedIn, 'PORTAL_SIGN_IN_REQUIRED');
    req.portalEmail = email;
    return true;
  }
}

/** The signed-in client's email (use behind PortalSessionGuard). */
export const PortalEmail = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<PortalRequest>().portalEmail!,
);
