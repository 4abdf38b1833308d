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

  /** The id the admin's refund form made for this refund (null on refunds made before it had one). */
  @Column({ name: 'request_id', type: 'uuid', nullable: true, unique: true })
  requestId: string | null;

  @Column({ name: 'requested_by', type: 'integer', nullable: true })
  requestedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
