import { PaymentStatusValue } from '@studio/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PAYMENT_KINDS = ['deposit', 'custom', 'plan', 'balance'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A payment's status: one list (PAYMENT_STATUS_VALUES in @studio/shared) for the server and the admin filters. */
export type PaymentStatus = PaymentStatusValue;

/** Free-form facts about a payment; the keys the app itself writes are listed here. */
export interface PaymentMetadata {
  serviceName?: string;
  /** Left to pay after a deposit, in pence. */
  remainingPence?: number;
  /** Price before the referral discount, in pence. */
  listPricePence?: number;
  /** Why the last call to Stripe failed, when it did. */
  stripeError?: string;
  /** 'redeemed' or 'already_used': the outcome of marking the referral code used. */
  referralOutcome?: 'redeemed' | 'already_used';
  /** Set once the confirmation and admin mails are on the queue. */
  mailsQueuedAt?: string;
  amountRefunded?: number;
  /** Why a payment closed unpaid ('checkout_expired', 'superseded', 'canceled: …'). */
  closedReason?: string;
  /** Set when the payment's checkout was retired (re-priced, replaced): it must not take money. */
  supersededAt?: string;
  supersededReason?: string;
  projectName?: string;
  trackCount?: number;
  instructions?: string;
  [key: string]: unknown;
}

/** One attempt to take money, from the moment it is requested until Stripe settles it. */
@Entity('payments')
export class PaymentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @Column({ type: 'varchar', length: 20 })
  kind: PaymentKind;

  /** Integer pence, decided by the server. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'varchar', length: 3, default: 'usd' })
  currency: string;

  @Column({ type: 'varchar', length: 50, default: 'pending' })
  status: PaymentStatus;

  @Column({ name: 'stripe_payment_intent_id', type: 'varchar', length: 255, nullable: true, unique: true })
  stripePaymentIntentId: string | null;

  @Column({ name: 'stripe_checkout_session_id', type: 'varchar', length: 255, nullable: true, unique: true })
  stripeCheckoutSessionId: string | null;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @Column({ name: 'customer_email', type: 'varchar', length: 255, nullable: true })
  customerEmail: string | null;

  @Column({ name: 'referral_code', type: 'varchar', length: 20, nullable: true })
  referralCode: string | null;

  @Column({ name: 'discount_percent', type: 'integer', nullable: true })
  discountPercent: number | null;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  metadata: PaymentMetadata;

  /** Pence refunded so far (Stripe's total from charge.refunded, or ours after an admin refund). */
  @Column({ name: 'amount_refunded', type: 'integer', default: 0 })
  amountRefunded: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
