import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AUTH_TOKEN_KEY, AuthResponse, CurrentUserResponse } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalJwtAuthGuard } from '../common/guards/jwt-auth.guard';
import { User } from '../users/entities/user.entity';
import { toPublicUser } from '../users/users.service';
import { AuthService, Session } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { AuthThrottle } from './auth-throttle';

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @AuthThrottle()
  async register(
    @Body() dto: RegisterDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    return this.withCookie(reply, await this.auth.register(dto), 'Registration successful');
  }

  @Post('login')
  @HttpCode(200)
  @AuthThrottle()
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResponse> {
    return this.withCookie(reply, await this.auth.login(dto), 'Login successful');
  }

  /** Never 401: an anonymous caller gets `user: null`. */
  @Get('user')
  @UseGuards(OptionalJwtAuthGuard)
  currentUser(@CurrentUser() user: User | null): CurrentUserResponse {
    return { success: true, user: user ? toPublicUser(user) : null };
  }

  @Post('logout')
  @HttpCode(200)
  logout(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.clearCookie(AUTH_TOKEN_KEY, { path: '/' });
    return { success: true, message: 'Logged out' };
  }

  private withCookie(reply: FastifyReply, session: Session, message: string): AuthResponse {
    reply.setCookie(AUTH_TOKEN_KEY, session.authToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.publicUrl.startsWith('https:'),
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
    return { success: true, message, ...session };
  }
}
