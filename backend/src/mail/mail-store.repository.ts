/**
 * The stored side of every mail (table `mail_messages`): `MailService.enqueue` saves the mail
 * here and queues only its id, so no address, name or message text is copied into Redis. The
 * worker loads the mail by id and records when it was sent (or given up on), which lets the
 * sweeper queue again a mail that Redis lost and lets a worker skip a mail already sent.
 *
 * The worker's two calls per mail, `load` and `markSent`, are batched (see Batcher): the jobs
 * running at the same time share one SELECT and one UPDATE, at most one of each every
 * WORKER_BATCH_SPACING_MS, so PostgreSQL round trips do not grow with the mail rate (up to four
 * batches at once, so one slow round trip does not hold every job up). Each call still resolves
 * only once its own row was read or written.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Batcher } from '../common/batcher';
import { WORKER_BATCH_SPACING_MS } from './mail.constants';
import type { MailJob } from './mail.types';

export interface StoredMail {
  payload: MailJob;
  sentAt: Date | null;
  failedAt: Date | null;
}

export interface FailedMail {
  jobId: string;
  to: string;
  subject: string;
  failedAt: Date;
}

@Injectable()
export class MailStore {
  private readonly loads = new Batcher<string, StoredMail>(
    async (jobIds) => {
      const rows: { job_id: string; payload: MailJob; sent_at: Date | null; failed_at: Date | null }[] =
        await this.db.query(
          'SELECT job_id, payload, sent_at, failed_at FROM mail_messages WHERE job_id = ANY($1::varchar[])',
          [jobIds],
        );
      return new Map(
        rows.map((r) => [r.job_id, { payload: r.payload, sentAt: r.sent_at, failedAt: r.failed_at }]),
      );
    },
    500,
    4,
    WORKER_BATCH_SPACING_MS,
  );

  private readonly sends = new Batcher<string, never>(
    async (jobIds) => {
      await this.db.query(
        'UPDATE mail_messages SET sent_at = now() WHERE job_id = ANY($1::varchar[]) AND sent_at IS NULL',
        [jobIds],
      );
    },
    500,
    4,
    WORKER_BATCH_SPACING_MS,
  );

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Saves a mail under its job id; a second save of the same id keeps the first. */
  async save(jobId: string, mail: MailJob): Promise<void> {
    await this.db.query(
      'INSERT INTO mail_messages (job_id, payload) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING',
      [jobId, JSON.stringify(mail)],
    );
  }

  async load(jobId: string): Promise<StoredMail | null> {
    return (await this.loads.call(jobId)) ?? null;
  }

  /** When each of these mails was sent or given up on; mails not yet settled are left out. */
  async settled(jobIds: string[]): Promise<Map<string, { sentAt: Date | null; failedAt: Date | null }>> {
    const rows: { job_id: string; sent_at: Date | null; failed_at: Date | null }[] = await this.db.query(
      `SELECT job_id, sent_at, failed_at FROM mail_messages
        WHERE job_id = ANY($1::varchar[]) AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)`,
      [jobIds],
    );
    return new Map(rows.map((r) => [r.job_id, { sentAt: r.sent_at, failedAt: r.failed_at }]));
  }

  /**
   * Mails given up on and never sent since (a retry from the queue dashboard that succeeds sets
   * `sent_at`), oldest failure first, while they are kept (MAIL_RETENTION_MS).
   */
  async failed(): Promise<FailedMail[]> {
    const rows: { job_id: string; to: string | null; subject: string | null; failed_at: Date }[] =
      await this.db.query(
        `SELECT job_id, payload->>'to' AS to, payload->>'subject' AS subject, failed_at FROM mail_messages
          WHERE failed_at IS NOT NULL AND sent_at IS NULL ORDER BY failed_at, job_id`,
      );
    return rows.map((r) => ({
      jobId: r.job_id,
      to: r.to ?? '',
      subject: r.subject ?? '',
      failedAt: r.failed_at,
    }));
  }

  /** Recipient and subject of stored mails, by job id (for the queue dashboard's job list). */
  async headers(jobIds: string[]): Promise<Map<string, { to: string; subject: string }>> {
    if (!jobIds.length) return new Map();
    const rows: { job_id: string; to: string | null; subject: string | null }[] = await this.db.query(
      `SELECT job_id, payload->>'to' AS to, payload->>'subject' AS subject FROM mail_messages
        WHERE job_id = ANY($1::varchar[])`,
      [jobIds],
    );
    return new Map(rows.map((r) => [r.job_id, { to: r.to ?? '', subject: r.subject ?? '' }]));
  }

  async markSent(jobId: string): Promise<void> {
    await this.sends.call(jobId);
  }

  async markFailed(jobId: string): Promise<void> {
    await this.db.query(
      'UPDATE mail_messages SET failed_at = now() WHERE job_id = $1 AND sent_at IS NULL AND failed_at IS NULL',
      [jobId],
    );
  }

  /**
   * Ids of mails neither sent nor given up on, stored between `maxAgeMs` and `minAgeMs` ago, in
   * job id order after `afterJobId` (keyset paging on the primary key: exact, unlike a
   * timestamp, which JavaScript would round to the millisecond and page over the same rows).
   */
  async pending(minAgeMs: number, maxAgeMs: number, limit: number, afterJobId = ''): Promise<string[]> {
    const rows: { job_id: string }[] = await this.db.query(
      `SELECT job_id FROM mail_messages
        WHERE sent_at IS NULL AND failed_at IS NULL
          AND created_at < now() - make_interval(secs => $1::float8 / 1000)
          AND created_at > now() - make_interval(secs => $2::float8 / 1000)
          AND job_id > $3
        ORDER BY job_id
        LIMIT $4`,
      [minAgeMs, maxAgeMs, afterJobId, limit],
    );
    return rows.map((r) => r.job_id);
  }

  /** Forgets mails settled longer ago than `ageMs` (their content lives on in the feature tables). */
  async purgeSettled(ageMs: number): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(
      `DELETE FROM mail_messages
        WHERE coalesce(sent_at, failed_at) < now() - make_interval(secs => $1::float8 / 1000)`,
      [ageMs],
    );
    return count;
  }
}
