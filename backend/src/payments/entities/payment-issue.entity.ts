import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentIssueKind } from '@studio/shared';

/** Money staff must look at (see the PaymentIssues migration); written, never corrected silently. */
@Entity('payment_issues')
export class PaymentIssueEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  kind: PaymentIssueKind;

  @Column({ name: 'payment_id', type: 'integer', nullable: true })
  paymentId: number | null;

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  projectId: string | null;

  @Column({ type: 'text' })
  summary: string;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  details: Record<string, unknown>;

  @Column({ name: 'dedupe_key', type: 'varchar', length: 200, unique: true })
  dedupeKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @Column({ name: 'resolved_by', type: 'integer', nullable: true })
  resolvedBy: number | null;
}
