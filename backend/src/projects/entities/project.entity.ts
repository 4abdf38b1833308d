import type { ProjectStatus, Protection } from '@studio/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One paid booking's project: created by the Stripe webhook, once per payment. */
@Entity('projects')
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'integer', unique: true })
  paymentId: number;

  /** Always lower-case: the portal session matches on it. */
  @Column({ name: 'customer_email', type: 'varchar', length: 255 })
  customerEmail: string;

  @Column({ name: 'customer_name', type: 'varchar', length: 255, nullable: true })
  customerName: string | null;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @Column({ name: 'service_name', type: 'varchar', length: 100 })
  serviceName: string;

  @Column({ name: 'quoted_pence', type: 'integer' })
  quotedPence: number;

  @Column({ name: 'deposit_pence', type: 'integer' })
  depositPence: number;

  @Column({ name: 'revision_rounds', type: 'integer' })
  revisionRounds: number;

  @Column({ type: 'varchar', length: 30, default: 'awaiting_files' })
  status: ProjectStatus;

  /** How previews are protected until the balance is paid. */
  @Column({ type: 'varchar', length: 10, default: 'none' })
  protection: Protection;

  @Column({ name: 'tag_every_sec', type: 'integer', default: 20 })
  tagEverySec: number;

  /** When the project entered its current status (set with every status change). */
  @Column({ name: 'status_changed_at', type: 'timestamptz', default: () => 'now()' })
  statusChangedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
