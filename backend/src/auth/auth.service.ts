/**
 * Sign-in and everything around the password: registration, the two-step login, logout,
 * forgotten and changed passwords and accepted invitations. Guarantees:
 * - an unknown login costs the same password hash as a known one (no timing oracle) and gets
 *   the same answer; a forgotten-password request answers before any work on the address;
 * - failures are counted per account (LoginAttemptsService), wrong 2FA codes included, and per
 *   known device, so a lock others cause never refuses the owner's own browser the right password;
 * - a second-step challenge works once: the sign-in it completes uses it up (a newer one from
 *   the same account's next password step replaces it);
 * - a reset, an accepted invitation or a change ends the account's other sessions at once;
 * - reset and invitation links work once, expire, and only their hash is stored.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, ACCOUNT_RULES, type PublicUser } from '@studio/shared';
import { AuditService } from '../audit/audit.service';
import { badRequest, unauthorized } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { BrowserCredentials, SessionMeta, SessionsService } from '../sessions/sessions.service';
import { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { hashPassword, toPublicUser, UsersService, verifyPassword } from '../users/users.service';
import { AccountTokensService } from './account-tokens.service';
import { AccountTokenPurpose } from './entities/account-token.entity';
import { LoginAttemptsService } from './login-attempts.service';
import { assertPasswordAllowed } from './password-policy';
import { TwoFactorService } from './two-factor/two-factor.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';

export interface Session {
  /** For API clients (`Authorization: Bearer`): valid for the session's life. */
  authToken: string;
  user: PublicUser;
  /** For the browser: set as httpOnly cookies, never sent in a body. */
  cookies: Required<BrowserCredentials>;
}

export type LoginOutcome = { session: Session } | { challenge: string };

const invalidCredentials = () => unauthorized(ACCOUNT_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
const invalidChallenge = () =>
  unauthorized(ACCOUNT_MESSAGES.twoFactorChallengeInvalid, 'TWO_FACTOR_CHALLENGE_INVALID');

/** A hash of nothing anyone knows, checked when the login names no account. */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString('base64url')));

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly usersRepo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly attempts: LoginAttemptsService,
    private readonly tokens: AccountTokensService,
    private readonly twoFactor: TwoFactorService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Self-registration always yields an author; roles are granted by staff, never requested. */
  async register(dto: RegisterDto, meta: SessionMeta): Promise<Session> {
    assertPasswordAllowed(dto.password, { username: dto.username, email: dto.email });
    const user = await this.users.create({
      username: dto.username,
      email: dto.email,
      password: dto.password,
      displayName: dto.displayName,
      role: 'author',
    });
    return this.startSession(user, meta);
  }

  async login(dto: LoginDto, meta: SessionMeta): Promise<LoginOutcome> {
    const login = dto.username.trim();
    const found = await this.users.findForLogin(login);
    const key = await this.attemptsKey(found?.id ?? null, login, meta);
    await this.attempts.assertNotLocked(key);
    const passwordOk = await verifyPassword(found?.password ?? (await decoyHash()), dto.password);
    if (!found || !passwordOk || found.deactivatedAt || found.invitedAt) {
      await this.failed(key, found, meta);
      throw invalidCredentials();
    }
    if (found.totpEnabledAt) {
      const challenge = await this.tokens.issue(
        found.id,
        '2fa',
        ACCOUNT_RULES.twoFactorChallengeMinutes * 60_000,
      );
      return { challenge };
    }
    await this.attempts.clear(key);
    return { session: await this.startSession(found, meta) };
  }

  /** The second step: a TOTP or recovery code for the challenge the first step gave. */
  async completeTwoFactor(challenge: string, code: string, meta: SessionMeta): Promise<Session> {
    const userId = await this.tokens.peek('2fa', challenge);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user || user.deactivatedAt) throw invalidChallenge();
    const key = await this.attemptsKey(user.id, user.username, meta);
    await this.attempts.assertNotLocked(key);
    const factor = await this.twoFactor.verify(user.id, code);
    if (!factor) {
      await this.failed(key, user, meta);
      throw unauthorized(ACCOUNT_MESSAGES.twoFactorCodeWrong, 'TWO_FACTOR_CODE_WRONG');
    }
    // Used up only by the sign-in it completes (a wrong code may be corrected); of two racing
    // with the same challenge, one wins.
    if ((await this.tokens.consume('2fa', challenge)) !== user.id) throw invalidChallenge();
    await this.attempts.clear(key);
    return this.startSession(user, meta);
  }

  async logout(token: string | null): Promise<void> {
    const sid = await this.sessions.sessionIdOf(token);
    if (sid) await this.sessions.end(sid, 'logout');
  }

  /**
   * Always the same answer, and the same work before it for every address: the look-up, the
   * link and the mail (only when an active account uses the address) happen after the answer,
   * so neither its content nor its timing tells whether the address has an account.
   */
  requestPasswordReset(email: string): void {
    void this.sendResetLink(email).catch((err: Error) =>
      this.logger.error(`Password reset request not handled: ${err.message}`),
    );
  }

  /** The work of requestPasswordReset (awaited by tests). */
  async sendResetLink(email: string): Promise<void> {
    const user = await this.usersRepo.findByEmail(email);
    if (!user || user.deactivatedAt) return;
    const minutes = ACCOUNT_RULES.resetTokenMinutes;
    const token = await this.tokens.issue(user.id, 'reset', minutes * 60_000);
    await this.mail
      .enqueue({
        template: 'password-reset',
        to: user.email,
        subject: 'Reset your password',
        context: { username: user.username, resetUrl: this.link('/reset-password', token), minutes },
      })
      .catch((err: Error) => this.logger.warn(`Reset mail for user ${user.id} not queued: ${err.message}`));
  }

  resetPassword(token: string, password: string): Promise<void> {
    return this.redeem('reset', token, password);
  }

  acceptInvitation(token: string, password: string): Promise<void> {
    return this.redeem('invite', token, password);
  }

  async changePassword(user: UserEntity, currentPassword: string, newPassword: string): Promise<void> {
    const withHash = await this.usersRepo.findWithPassword(user.id);
    if (!withHash || !(await verifyPassword(withHash.password, currentPassword))) {
      throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG', [
        { field: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
      ]);
    }
    assertPasswordAllowed(newPassword, user, 'newPassword');
    await this.usersRepo.setPassword(user.id, await hashPassword(newPassword));
    await this.sessions.endAllForUser(user.id, 'password_change', user.sessionId);
    await this.audit.record({
      action: 'user.password_change',
      targetType: 'user',
      targetId: user.id,
      summary: `${user.username} changed their password`,
    });
  }

  private async redeem(purpose: AccountTokenPurpose, token: string, password: string): Promise<void> {
    const invalid = () =>
      purpose === 'reset'
        ? badRequest(ACCOUNT_MESSAGES.resetTokenInvalid, 'RESET_TOKEN_INVALID')
        : badRequest(ACCOUNT_MESSAGES.inviteTokenInvalid, 'INVITE_TOKEN_INVALID');
    const userId = await this.tokens.peek(purpose, token);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user || user.deactivatedAt) throw invalid();
    // Checked before the link is used up, so a refused password leaves the link working.
    assertPasswordAllowed(password, user);
    if ((await this.tokens.consume(purpose, token)) !== user.id) throw invalid();
    await this.usersRepo.setPassword(user.id, await hashPassword(password));
    await this.sessions.endAllForUser(user.id, purpose === 'reset' ? 'password_reset' : 'invitation');
    await this.attempts.clear(LoginAttemptsService.keyFor(user.id, user.username));
    await this.audit.record({
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
      summary:
        purpose === 'reset'
          ? `${user.username} reset their password by email`
          : `${user.username} accepted the invitation and set a password`,
      actor: { id: user.id, name: user.username },
    });
  }

  /**
   * Where this attempt's failures count: the browser's own key when it has signed in to the
   * account before, else the account's (see LoginAttemptsService). The same query runs for an
   * unknown name, so the answer's timing does not tell which names exist.
   */
  private async attemptsKey(userId: number | null, login: string, meta: SessionMeta): Promise<string> {
    const device = await this.sessions.knownDevice(userId ?? 0, meta.deviceId);
    return userId !== null && device
      ? LoginAttemptsService.deviceKeyFor(userId, device)
      : LoginAttemptsService.keyFor(userId, login);
  }

  private async startSession(user: UserEntity, meta: SessionMeta): Promise<Session> {
    const started = await this.sessions.start(user, meta);
    await this.usersRepo.markSignedIn(user.id);
    if (started.newDevice) {
      await this.mail
        .enqueue({
          template: 'sign-in-notice',
          to: user.email,
          subject: 'New sign-in to your account',
          context: {
            username: user.username,
            when: new Date().toUTCString(),
            ip: meta.ip ?? 'unknown',
            userAgent: meta.userAgent ?? 'unknown',
            resetUrl: `${this.config.publicUrl}/auth?forgot=1`,
          },
        })
        .catch((err: Error) =>
          this.logger.warn(`Sign-in notice for user ${user.id} not queued: ${err.message}`),
        );
    }
    return {
      authToken: started.authToken,
      user: toPublicUser(user),
      cookies: { accessToken: started.accessToken, refreshToken: started.refreshToken },
    };
  }

  private async failed(key: string, user: UserEntity | null, meta: SessionMeta): Promise<void> {
    const result = await this.attempts.fail(key);
    if (!result.lockedNow || !user || user.deactivatedAt) return;
    await this.mail
      .enqueue({
        template: 'account-locked',
        to: user.email,
        subject: 'Sign-in paused after failed attempts',
        context: {
          username: user.username,
          failures: result.failures,
          ip: meta.ip ?? 'unknown',
          when: new Date().toUTCString(),
          minutes: Math.max(1, Math.ceil(result.lockSeconds / 60)),
          resetUrl: `${this.config.publicUrl}/auth?forgot=1`,
          knownDevice: LoginAttemptsService.isDeviceKey(key),
        },
      })
      .catch((err: Error) =>
        this.logger.warn(`Lockout notice for user ${user.id} not queued: ${err.message}`),
      );
  }

  private link(path: string, token: string): string {
    return `${this.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }
}
