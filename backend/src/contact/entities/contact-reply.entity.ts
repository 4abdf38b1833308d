import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A mail staff sent about a contact message (a reply or a deposit link): the message's thread. */
@Entity('contact_replies')
export class ContactReplyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId: number;

  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  /** Who sent it, as named when it was sent (kept if the account goes). */
  @Column({ name: 'author_name', type: 'varchar', length: 100, nullable: true })
  authorName: string | null;

  @Column({ type: 'varchar', length: 20, default: 'reply' })
  kind: 'reply' | 'deposit-link';

  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'service_id', type: 'integer', nullable: true })
  serviceId: number | null;

  @Column({ name: 'mail_job_id', type: 'varchar', length: 200 })
  mailJobId: string;

  /** The client's key for this reply: a repeat with the same key records and mails nothing more. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 100, nullable: true })
  idempotencyKey: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
