import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AUTH_TOKEN_KEY } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SessionsService, TokenPayload } from '../sessions/sessions.service';
import { UserEntity } from '../users/entities/user.entity';
import { SecuritySettingsService } from './security-settings.service';

export type JwtPayload = TokenPayload;

const fromCookie = (req: FastifyRequest): string | null => req.cookies?.[AUTH_TOKEN_KEY] ?? null;

/**
 * Accepts the token from `Authorization: Bearer` (API clients, the SPA) or from the httpOnly
 * cookie (server-rendered pages such as the queue dashboard). Each request checks the token's
 * session (ended by logout, a password change or a deactivation) and reloads the user, so a
 * role change or a deactivation takes effect at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly security: SecuritySettingsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload): Promise<UserEntity | false> {
    const user = await this.sessions.resolve(payload);
    if (!user) return false;
    user.sessionId = payload.sid;
    user.twoFactorSetupRequired = await this.security.mustEnrol(user);
    return user;
  }
}
