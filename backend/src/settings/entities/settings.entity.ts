import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SocialLinks } from '@studio/shared';

/** The single settings row (id = 1). A null column means "use the default from the environment". */
@Entity('settings')
export class SettingsRowEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  @Column({ name: 'blog_name', type: 'varchar', length: 100, nullable: true })
  blogName: string | null;

  @Column({ name: 'site_description', type: 'varchar', length: 300, nullable: true })
  siteDescription: string | null;

  @Column({ name: 'admin_notify_email', type: 'varchar', length: 255, nullable: true })
  adminNotifyEmail: string | null;

  @Column({ name: 'social_links', type: 'jsonb', default: () => `'{}'::jsonb` })
  socialLinks: Partial<SocialLinks>;

  @Column({ name: 'extra_round_fee_pence', type: 'integer', nullable: true })
  extraRoundFeePence: number | null;

  /** Printed under the studio's name on receipts. */
  @Column({ name: 'studio_address', type: 'varchar', length: 500, nullable: true })
  studioAddress: string | null;

  /** With one, receipts show the VAT included in each amount. */
  @Column({ name: 'vat_number', type: 'varchar', length: 30, nullable: true })
  vatNumber: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
