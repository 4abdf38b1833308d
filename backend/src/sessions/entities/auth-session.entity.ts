import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One signed-in browser or client. Its id travels in the token; ending the row ends the token. */
@Entity('auth_sessions')
export class AuthSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** sha256 of the browser's device cookie: tells a new device from a known one. */
  @Column({ name: 'device_hash', type: 'char', length: 64, nullable: true })
  deviceHash: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ name: 'end_reason', type: 'varchar', length: 40, nullable: true })
  endReason: string | null;

  /** sha256 of the browser's current refresh token (none for sessions from before them). */
  @Column({ name: 'refresh_hash', type: 'char', length: 64, nullable: true })
  refreshHash: string | null;

  /** sha256 of the refresh token the last renewal replaced. */
  @Column({ name: 'previous_refresh_hash', type: 'char', length: 64, nullable: true })
  previousRefreshHash: string | null;

  @Column({ name: 'refreshed_at', type: 'timestamptz', nullable: true })
  refreshedAt: Date | null;
}
