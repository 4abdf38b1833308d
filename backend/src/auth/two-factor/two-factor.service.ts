/**
 * TOTP two-factor sign-in (RFC 6238 through otplib): enrolment with a QR code, confirmation
 * by a first code, ten single-use recovery codes (sha256 only), and the code check of the
 * second sign-in step. A TOTP code is accepted once (a replayed code is refused); the codes
 * used are remembered in Redis, and while Redis cannot answer no TOTP code is accepted (503
 * TWO_FACTOR_UNAVAILABLE: replay protection fails closed). Recovery codes live in PostgreSQL and
 * still work then.
 */
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { toDataURL } from 'qrcode';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_RULES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@studio/shared';
import { AuditService } from '../../audit/audit.service';
import { badRequest, conflict, unavailable } from '../../common/errors/app.exception';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { REDIS } from '../../redis/redis.module';
import { UserEntity } from '../../users/entities/user.entity';
import { UsersRepository } from '../../users/users.repository';
import { SecuritySettingsService } from '../security-settings.service';
import { RecoveryCodesRepository } from './recovery-codes.repository';
import { openSecret, sealSecret } from './totp-secret';

export type SecondFactor = 'totp' | 'recovery';

/** One 30-second step either side of now: a phone clock a little off still works. */
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');

export const wrongCode = () => badRequest(ACCOUNT_MESSAGES.twoFactorCodeWrong, 'TWO_FACTOR_CODE_WRONG');

function newRecoveryCode(): string {
  const raw = randomBytes(8).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

@Injectable()
export class TwoFactorService {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: RecoveryCodesRepository,
    private readonly settings: SecuritySettingsService,
    private readonly audit: AuditService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(user: UserEntity): Promise<TwoFactorStatus> {
    return {
      enabled: !!user.totpEnabledAt,
      recoveryCodesLeft: user.totpEnabledAt ? await this.codes.countUnused(user.id) : 0,
      required: await this.settings.mustEnrol({ role: user.role, totpEnabledAt: null }),
    };
  }

  /** Starts (or restarts) enrolment: a new secret, kept pending until a code confirms it. */
  async begin(user: UserEntity): Promise<TwoFactorEnrolment> {
    if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.', 'TWO_FACTOR_ALREADY_ON');
    const secret = totp.generateSecret(20);
    await this.users.setPendingTotp(user.id, sealSecret(secret, this.config.jwtSecret));
    const otpauthUrl = totp.keyuri(user.email, this.config.siteName, secret);
    return { success: true, otpauthUrl, qrCodeDataUrl: await toDataURL(otpauthUrl), secret };
  }

  /** Confirms enrolment with a code from the app; returns the recovery codes (shown once). */
  async confirm(user: UserEntity, code: string): Promise<string[]> {
    const row = await this.users.findWithTotp(user.id);
    const pending = row?.totpPendingSecret ? openSecret(row.totpPendingSecret, this.config.jwtSecret) : null;
    if (!pending) {
      throw badRequest('Start two-factor set-up first.', 'TWO_FACTOR_NOT_ENROLLING');
    }
    if (!(await this.checkTotp(user.id, pending, code))) throw wrongCode();
    await this.users.enableTotp(user.id, sealSecret(pending, this.config.jwtSecret));
    const recovery = await this.newRecoveryCodes(user.id);
    await this.audit.record({
      action: 'user.2fa_enable',
      targetType: 'user',
      targetId: user.id,
      summary: `Turned on two-factor sign-in for ${user.username}`,
      after: { twoFactor: true },
    });
    return recovery;
  }

  async regenerateRecoveryCodes(user: UserEntity, code: string): Promise<string[]> {
    if (!(await this.verify(user.id, code))) throw wrongCode();
    const recovery = await this.newRecoveryCodes(user.id);
    await this.audit.record({
      action: 'user.2fa_recovery_codes',
      targetType: 'user',
      targetId: user.id,
      summary: `New recovery codes for ${user.username}`,
    });
    return recovery;
  }

  /**
   * The person turns their own 2FA off with a current code: refused (409) while the studio
   * requires two-factor sign-in for their role, and (400) for a wrong code.
   */
  async turnOff(user: Pick<UserEntity, 'id' | 'username' | 'role'>, code: string): Promise<void> {
    if (await this.settings.mustEnrol({ role: user.role, totpEnabledAt: null })) {
      throw conflict(
        'Your studio requires two-factor sign-in for staff, so it cannot be turned off.',
        'TWO_FACTOR_REQUIRED',
      );
    }
    if (!(await this.verify(user.id, code))) throw wrongCode();
    await this.disable(user);
  }

  /** Turns 2FA off for `user` (by themselves with a code, or by an admin for a locked-out person). */
  async disable(user: Pick<UserEntity, 'id' | 'username'>): Promise<void> {
    await this.users.disableTotp(user.id);
    await this.codes.removeAll(user.id);
    await this.audit.record({
      action: 'user.2fa_disable',
      targetType: 'user',
      targetId: user.id,
      summary: `Turned off two-factor sign-in for ${user.username}`,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  }

  /** Checks a second-step code: a TOTP code or an unused recovery code. */
  async verify(userId: number, code: string): Promise<SecondFactor | null> {
    const row = await this.users.findWithTotp(userId);
    const secret = row?.totpSecret ? openSecret(row.totpSecret, this.config.jwtSecret) : null;
    if (!secret) return null;
    const trimmed = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(trimmed)) return (await this.checkTotp(userId, secret, trimmed)) ? 'totp' : null;
    if (
      normaliseRecovery(trimmed).length === 10 &&
      (await this.codes.consume(userId, hashRecovery(trimmed)))
    ) {
      return 'recovery';
    }
    return null;
  }

  private async checkTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    let valid = false;
    try {
      valid = totp.check(token, secret);
    } catch {
      valid = false;
    }
    if (!valid) return false;
    // Accept each code once: remember it for as long as it could still verify. A code that
    // cannot be remembered is not accepted.
    const fresh = await this.redis
      .set(`totp-used:${userId}:${token}`, '1', 'EX', 3 * STEP_SECONDS, 'NX')
      .catch(() => {
        throw unavailable(ACCOUNT_MESSAGES.twoFactorUnavailable, 'TWO_FACTOR_UNAVAILABLE');
      });
    return fresh === 'OK';
  }

  private async newRecoveryCodes(userId: number): Promise<string[]> {
    const plain = Array.from({ length: ACCOUNT_RULES.recoveryCodeCount }, newRecoveryCode);
    await this.codes.replace(userId, plain.map(hashRecovery));
    return plain;
  }
}
