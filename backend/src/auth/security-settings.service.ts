import { Injectable } from '@nestjs/common';
import { STAFF_ROLES, type Role } from '@studio/shared';
import { AuditService } from '../audit/audit.service';
import { SecuritySettingsRepository } from './security-settings.repository';

/** Another API process may change the setting; this bounds how long this one shows the old one. */
const CACHE_TTL_MS = 5_000;

@Injectable()
export class SecuritySettingsService {
  private cached: { value: boolean; until: number } | null = null;

  constructor(
    private readonly rows: SecuritySettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async requireTwoFactor(): Promise<boolean> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    const value = await this.rows.requireTwoFactor();
    this.cached = { value, until: Date.now() + CACHE_TTL_MS };
    return value;
  }

  /** Whether this account must set up two-factor sign-in before using the staff area. */
  async mustEnrol(user: { role: Role; totpEnabledAt: Date | null }): Promise<boolean> {
    return !user.totpEnabledAt && STAFF_ROLES.includes(user.role) && (await this.requireTwoFactor());
  }

  async setRequireTwoFactor(value: boolean): Promise<void> {
    const before = await this.rows.requireTwoFactor();
    await this.rows.setRequireTwoFactor(value);
    this.cached = null;
    if (before !== value) {
      await this.audit.record({
        action: 'security.update',
        targetType: 'settings',
        summary: value ? 'Required two-factor sign-in for all staff' : 'Made two-factor sign-in optional',
        before: { requireTwoFactor: before },
        after: { requireTwoFactor: value },
      });
    }
  }
}
