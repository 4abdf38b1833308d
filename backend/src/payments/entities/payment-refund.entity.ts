import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A refund an admin made from /admin/payments. */
@Entity('payment_refunds')
export class PaymentRefundEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'payment_id', type: 'integer' })
  paymentId: number;

  @Column({ name: 'stripe_refund_id', type: 'varchar', length: 255, unique: true })
  stripeRefundId: string;

  @Column({ type: 'integer' })
  amount: number;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 100 })
  idempotencyKey: string;

  @Column({ name: 'requested_by', type: 'integer', nullable: true })
  requestedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
