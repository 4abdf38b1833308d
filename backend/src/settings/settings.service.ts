import { Inject, Injectable } from '@nestjs/common';
import { REVIEW } from '@studio/shared';
import type { PublicSiteSettings, SiteSettings, SocialLinks } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AuditService } from '../audit/audit.service';
import { SocialLinksDto, UpdateSettingsDto } from './dto/update-settings.dto';
import type { SettingsRowEntity } from './entities/settings.entity';
import { SettingsRepository } from './settings.repository';

export const DEFAULT_SITE_DESCRIPTION =
  'Professional online mixing, mastering, vocal production and audio restoration for artists and labels. Your first mix is free.';

const SOCIAL_NETWORKS: (keyof SocialLinks & keyof SocialLinksDto)[] = [
  'instagram',
  'youtube',
  'soundcloud',
  'spotify',
  'x',
];

/**
 * Another API process may change the settings; this bounds how long this process can show the
 * old values. An update made here is visible here at once.
 */
const CACHE_TTL_MS = 10_000;

/**
 * The site's settings (blog name, description, admin mail address, social links, and the
 * studio's address and VAT number for receipts), read by page meta, feeds and mail on nearly
 * every request, so they are kept in memory.
 */
@Injectable()
export class SettingsService {
  private cached: { value: SiteSettings; until: number } | null = null;

  constructor(
    private readonly rows: SettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SiteSettings> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    const row = await this.rows.find();
    const value = this.withDefaults(row);
    this.cached = { value, until: Date.now() + CACHE_TTL_MS };
    return value;
  }

  async getPublic(): Promise<PublicSiteSettings> {
    const { blogName, siteDescription, socialLinks } = await this.get();
    return { blogName, siteDescription, socialLinks };
  }

  async update(dto: UpdateSettingsDto): Promise<SiteSettings> {
    const current = await this.rows.findOrNew();
    if (dto.blogName !== undefined) current.blogName = dto.blogName;
    if (dto.siteDescription !== undefined) current.siteDescription = dto.siteDescription;
    if (dto.adminNotifyEmail !== undefined)
      current.adminNotifyEmail = dto.adminNotifyEmail?.toLowerCase() ?? null;
    if (dto.extraRoundFeePence !== undefined) current.extraRoundFeePence = dto.extraRoundFeePence;
    if (dto.studioAddress !== undefined) current.studioAddress = dto.studioAddress;
    if (dto.vatNumber !== undefined) current.vatNumber = dto.vatNumber;
    if (dto.socialLinks) {
      const links = { ...current.socialLinks };
      for (const network of SOCIAL_NETWORKS) {
        const value = dto.socialLinks[network];
        if (value !== undefined) links[network] = value;
      }
      current.socialLinks = links;
    }
    const before = this.withDefaults(await this.rows.find());
    await this.rows.save(current);
    this.cached = null;
    const after = await this.get();
    const changed = (Object.keys(after) as (keyof SiteSettings)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    if (changed.length) {
      await this.audit.record({
        action: 'settings.update',
        targetType: 'settings',
        summary: `Changed settings: ${changed.join(', ')}`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    }
    return after;
  }

  private withDefaults(row: SettingsRowEntity | null): SiteSettings {
    const links = row?.socialLinks ?? {};
    return {
      blogName: row?.blogName || this.config.siteName,
      siteDescription: row?.siteDescription || DEFAULT_SITE_DESCRIPTION,
      adminNotifyEmail: row?.adminNotifyEmail || this.config.mail.adminNotifyEmail,
      socialLinks: Object.fromEntries(
        SOCIAL_NETWORKS.map((n) => [n, links[n] ?? null]),
      ) as unknown as SocialLinks,
      extraRoundFeePence: row?.extraRoundFeePence ?? REVIEW.defaultExtraRoundPence,
      studioAddress: row?.studioAddress ?? null,
      vatNumber: row?.vatNumber ?? null,
    };
  }
}
