import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('referral_codes')
export class ReferralCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20, unique: true })
  code: string;

  /** The (lower-cased) email of the person who generated and shares the code. */
  @Column({ name: 'generated_by', type: 'varchar', length: 255 })
  generatedBy: string;

  @Column({ name: 'used_by', type: 'varchar', length: 255, nullable: true })
  usedBy: string | null;

  @Column({ name: 'is_used', type: 'boolean', default: false })
  isUsed: boolean;

  /** The checkout (payment id) holding the code until it completes or expires. */
  @Column({ name: 'reserved_by_payment_id', type: 'int', nullable: true })
  reservedByPaymentId: number | null;

  @Column({ name: 'reserved_until', type: 'timestamptz', nullable: true })
  reservedUntil: Date | null;

  @Column({ name: 'discount_percent', type: 'int', default: 10 })
  discountPercent: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Set when an admin voids it; voiding also ends `expiresAt`, so every check refuses it. */
  @Column({ name: 'voided_at', type: 'timestamptz', nullable: true })
  voidedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
