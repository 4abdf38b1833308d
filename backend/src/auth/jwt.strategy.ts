import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AUTH_TOKEN_KEY } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';

export interface JwtPayload {
  sub: number;
  role: string;
}

const fromCookie = (req: FastifyRequest): string | null => req.cookies?.[AUTH_TOKEN_KEY] ?? null;

/**
 * Accepts the token from `Authorization: Bearer` (API clients, the SPA) or from the httpOnly
 * cookie (server-rendered pages such as the queue dashboard). The user is reloaded on every
 * request so a role change or a deleted account takes effect at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]),
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload): Promise<User | false> {
    return (await this.users.findById(payload.sub)) ?? false;
  }
}
