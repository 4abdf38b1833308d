import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('newsletter_subscribers')
export class NewsletterSubscriberEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  /** Email of the person whose referral code brought this subscriber, if any. */
  @Column({ name: 'referred_by', type: 'varchar', length: 255, nullable: true })
  referredBy: string | null;

  @Column({ name: 'has_discount', type: 'boolean', default: false })
  hasDiscount: boolean;

  /** Set when they follow the confirmation link (double opt-in); null until then. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  /** Set when they leave; the row stays so the lottery can skip them and they can come back. */
  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
