import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A portal sign-in link ('link', single use, 30 minutes) or session ('session'). Only the
 * SHA-256 of the token is stored, so a copy of the table signs nobody in.
 */
@Entity('portal_tokens')
export class PortalTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 10 })
  kind: 'link' | 'session';

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
