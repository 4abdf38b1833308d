import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthResponse, CurrentUserResponse, TwoFactorChallengeResponse } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { OptionalJwtAuthGuard } from '../common/guards/jwt-auth.guard';
import { UserEntity } from '../users/entities/user.entity';
import { toPublicUser } from '../users/users.service';
import { AuthService, Session } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { TwoFactorLoginDto } from './dto/two-factor.dto';
import { AuthThrottle } from './auth-throttle';
import { requestMeta, tokenOf } from './request-meta';
import { clearSessionCookies, setSessionCookies } from './session-cookies';

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
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.auth.register(dto, requestMeta(req, reply, this.secure));
    return this.withCookie(reply, session, 'Registration successful');
  }

  /** A session, or (2FA on) `twoFactorRequired` with a short-lived challenge for /login/2fa. */
  @Post('login')
  @HttpCode(200)
  @AuthThrottle()
  async login(
    @Body() dto: LoginDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse | TwoFactorChallengeResponse> {
    const outcome = await this.auth.login(dto, requestMeta(req, reply, this.secure));
    if ('challenge' in outcome) {
      return {
        success: true,
        twoFactorRequired: true,
        challenge: outcome.challenge,
        message: 'Enter the code from your authenticator app.',
      };
    }
    return this.withCookie(reply, outcome.session, 'Login successful');
  }

  @Post('login/2fa')
  @HttpCode(200)
  @AuthThrottle()
  async loginSecondStep(
    @Body() dto: TwoFactorLoginDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const session = await this.auth.completeTwoFactor(
      dto.challenge,
      dto.code,
      requestMeta(req, reply, this.secure),
    );
    return this.withCookie(reply, session, 'Login successful');
  }

  /** Never 401: an anonymous caller gets `user: null`. */
  @Get('user')
  @UseGuards(OptionalJwtAuthGuard)
  currentUser(@CurrentUser() user: UserEntity | null): CurrentUserResponse {
    if (!user) return { success: true, user: null };
    return {
      success: true,
      user: toPublicUser(user),
      twoFactor: { enabled: !!user.totpEnabledAt, setupRequired: !!user.twoFactorSetupRequired },
    };
  }

  /** Ends the session on the server (every token of it stops working at once) and clears the cookies. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(tokenOf(req));
    clearSessionCookies(reply);
    return { success: true, message: 'Logged out' };
  }

  private get secure(): boolean {
    return this.config.publicUrl.startsWith('https:');
  }

  /**
   * The browser gets its session as httpOnly cookies (a short-lived access token and a refresh
   * token); the body keeps `authToken` for API clients that send it as a bearer token.
   */
  private withCookie(reply: FastifyReply, session: Session, message: string): AuthResponse {
    const { cookies, ...body } = session;
    setSessionCookies(reply, cookies, this.secure);
    return { success: true, message, ...body };
  }
}
