import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One two-factor recovery code: its sha256 only; usable once. */
@Entity('two_factor_recovery_codes')
export class RecoveryCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
