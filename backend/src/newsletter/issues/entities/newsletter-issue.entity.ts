import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NewsletterIssueState } from '@studio/shared';

/** One newsletter issue; its recipients are the `newsletter_deliveries` rows written at send. */
@Entity('newsletter_issues')
export class NewsletterIssue {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  /** The line inboxes show after the subject. */
  @Column({ type: 'varchar', length: 200, default: '' })
  preheader: string;

  /** Sanitised on write (the blog's allowlist). */
  @Column({ name: 'body_html', type: 'text' })
  bodyHtml: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  state: NewsletterIssueState;

  @Column({ name: 'created_by', type: 'varchar', length: 100, nullable: true })
  createdBy: string | null;

  @Column({ name: 'sent_by', type: 'varchar', length: 100, nullable: true })
  sentBy: string | null;

  @Column({ type: 'int', default: 0 })
  recipients: number;

  /** Resumes so far: a resume queues the rows left in a new round (see the dispatcher). */
  @Column({ name: 'send_round', type: 'int', default: 0 })
  sendRound: number;

  @Column({ name: 'send_started_at', type: 'timestamptz', nullable: true })
  sendStartedAt: Date | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
