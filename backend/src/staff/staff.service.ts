/**
 * Staff management for admins: invitations (the invitee sets a password from a mailed link),
 * role changes, deactivation (sessions end at once) and re-sent invitations. The last active
 * admin can be neither demoted nor deactivated. Every change is written to the audit log.
 */
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, ACCOUNT_RULES, displayNameOf, type Role, type StaffUser } from '@studio/shared';
import { AuditService } from '../audit/audit.service';
import { AccountTokensService } from '../auth/account-tokens.service';
import { SecuritySettingsService } from '../auth/security-settings.service';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import { badRequest, conflict, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { SessionsService } from '../sessions/sessions.service';
import { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { toPublicUser, UsersService } from '../users/users.service';
import { InviteStaffDto } from './dto/staff.dto';

const lastAdmin = () => conflict(ACCOUNT_MESSAGES.lastAdmin, 'LAST_ADMIN');

export function toStaffUser(u: UserEntity): StaffUser {
  return {
    ...toPublicUser(u),
    status: u.deactivatedAt ? 'deactivated' : u.invitedAt ? 'invited' : 'active',
    twoFactorEnabled: !!u.totpEnabledAt,
    lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  };
}

@Injectable()
export class StaffService {
  constructor(
    private readonly users: UsersService,
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly tokens: AccountTokensService,
    private readonly security: SecuritySettingsService,
    private readonly twoFactor: TwoFactorService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<{ users: StaffUser[]; requireTwoFactor: boolean }> {
    const [rows, requireTwoFactor] = await Promise.all([
      this.repo.listAll(),
      this.security.requireTwoFactor(),
    ]);
    return { users: rows.map(toStaffUser), requireTwoFactor };
  }

  async invite(dto: InviteStaffDto, by: UserEntity): Promise<StaffUser> {
    const email = dto.email.toLowerCase();
    if (await this.repo.findByEmail(email)) throw conflict(ACCOUNT_MESSAGES.emailInUse, 'EMAIL_IN_USE');
    const user = await this.users.create({
      username: await this.freeUsername(email),
      email,
      // Nobody knows this password: the account is unusable until the invitee sets one.
      password: randomBytes(32).toString('base64url'),
      displayName: dto.displayName,
      role: dto.role,
      invitedAt: new Date(),
    });
    await this.sendInvitation(user, by);
    await this.audit.record({
      action: 'user.invite',
      targetType: 'user',
      targetId: user.id,
      summary: `Invited ${email} as ${dto.role}`,
      after: { email, role: dto.role },
    });
    return toStaffUser(user);
  }

  async resendInvitation(id: number, by: UserEntity): Promise<void> {
    const user = await this.find(id);
    if (!user.invitedAt || user.deactivatedAt) {
      throw badRequest('This account has no pending invitation.', 'NOT_INVITED');
    }
    await this.repo.setInvited(user.id, new Date());
    await this.sendInvitation(user, by);
    await this.audit.record({
      action: 'user.invite_resend',
      targetType: 'user',
      targetId: user.id,
      summary: `Re-sent the invitation to ${user.email}`,
    });
  }

  async changeRole(id: number, role: Role): Promise<StaffUser> {
    const user = await this.find(id);
    if (user.role === role) return toStaffUser(user);
    if (!(await this.repo.changeKeepingAnAdmin(id, { role }))) throw lastAdmin();
    await this.audit.record({
      action: 'user.role',
      targetType: 'user',
      targetId: id,
      summary: `Changed ${user.username}'s role from ${user.role} to ${role}`,
      before: { role: user.role },
      after: { role },
    });
    return toStaffUser(await this.find(id));
  }

  async deactivate(id: number): Promise<StaffUser> {
    const user = await this.find(id);
    if (!user.deactivatedAt) {
      if (!(await this.repo.changeKeepingAnAdmin(id, { deactivatedAt: new Date() }))) throw lastAdmin();
      const ended = await this.sessions.endAllForUser(id, 'deactivated');
      await this.audit.record({
        action: 'user.deactivate',
        targetType: 'user',
        targetId: id,
        summary: `Deactivated ${user.username} (${ended} session(s) ended)`,
        before: { status: 'active' },
        after: { status: 'deactivated' },
      });
    }
    return toStaffUser(await this.find(id));
  }

  async reactivate(id: number): Promise<StaffUser> {
    const user = await this.find(id);
    if (user.deactivatedAt) {
      await this.repo.changeKeepingAnAdmin(id, { deactivatedAt: null });
      await this.audit.record({
        action: 'user.reactivate',
        targetType: 'user',
        targetId: id,
        summary: `Reactivated ${user.username}`,
        before: { status: 'deactivated' },
        after: { status: 'active' },
      });
    }
    return toStaffUser(await this.find(id));
  }

  /** For a person who lost both their phone and their recovery codes. */
  async resetTwoFactor(id: number): Promise<StaffUser> {
    const user = await this.find(id);
    if (user.totpEnabledAt) {
      await this.twoFactor.disable(user);
      await this.sessions.endAllForUser(id, '2fa_reset');
    }
    return toStaffUser(await this.find(id));
  }

  /** An admin turning the requirement on must have 2FA first, or they would lock themselves out. */
  async setRequireTwoFactor(value: boolean, by: UserEntity): Promise<void> {
    if (value && !by.totpEnabledAt) {
      throw conflict('Turn on two-factor sign-in for your own account first.', 'TWO_FACTOR_REQUIRED');
    }
    await this.security.setRequireTwoFactor(value);
  }

  private async find(id: number): Promise<UserEntity> {
    const user = await this.users.findById(id);
    if (!user) throw notFound('User not found.', 'USER_NOT_FOUND');
    return user;
  }

  private async sendInvitation(user: UserEntity, by: UserEntity): Promise<void> {
    const hours = ACCOUNT_RULES.inviteTokenHours;
    const token = await this.tokens.issue(user.id, 'invite', hours * 3_600_000);
    await this.mail
      .enqueue({
        template: 'staff-invite',
        to: user.email,
        subject: `You are invited to ${this.config.siteName}`,
        context: {
          username: user.username,
          role: user.role,
          invitedBy: displayNameOf(by),
          inviteUrl: `${this.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
          hours,
        },
      })
      // Parked in the outbox when Redis is down; the invitation still stands.
      .catch(() => undefined);
  }

  /** The email's local part, made a valid username and suffixed until it is free. */
  private async freeUsername(email: string): Promise<string> {
    const base = (email.split('@')[0].replace(/[^A-Za-z0-9._-]/g, '') || 'staff').slice(0, 40).padEnd(3, '0');
    for (let n = 0; n < 50; n++) {
      const candidate = n === 0 ? base : `${base}${n + 1}`;
      if (!(await this.repo.nameOrEmailTaken(candidate, `${candidate}@invalid.invalid`))) return candidate;
    }
    return `${base}-${randomBytes(3).toString('hex')}`;
  }
}
