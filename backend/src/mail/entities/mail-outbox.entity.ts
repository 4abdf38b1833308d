import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MailQueueData } from '../mail.types';

/**
 * A mail that could not be put on the queue (Redis unreachable). It waits here, in Postgres,
 * until the sweeper queues it under the same job id.
 */
@Entity('mail_outbox')
export class MailOutboxEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'job_id', type: 'varchar', length: 200, unique: true })
  jobId: string;

  @Column({ type: 'jsonb' })
  payload: MailQueueData;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
