/**
 * The producer side of the mail pipeline: every mail of the site is one job on the `mail`
 * queue (see README.md beside this file). Guarantees:
 * - the mail is stored in Postgres (`mail_messages`) and the job carries only its id, so no
 *   personal data is copied into Redis;
 * - `enqueue` with a `jobId` never queues the same mail twice while Bull still holds that job;
 * - when Redis cannot be reached, the mail is parked in the Postgres outbox and queued later
 *   by the sweeper, and the caller gets a MailQueueUnavailableError to report "not queued yet";
 * - a stored mail that is neither sent nor failed and whose job Redis no longer holds (Redis
 *   restarted without its data) is queued again by the sweeper.
 */
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import { IntervalRunner } from '../common/scheduling/interval-runner';
import { SettingsService } from '../settings/settings.service';
import { MailOutboxRepository } from './mail-outbox.repository';
import {
  ENQUEUE_TIMEOUT_MS,
  MAIL_QUEUE,
  MAIL_RETENTION_MS,
  OUTBOX_SWEEP_MS,
  RECONCILE_AFTER_MS,
  RECONCILE_WITHIN_MS,
} from './mail.constants';
import type { MailDeliveryState } from '@studio/shared';
import { FailedMail, MailStore } from './mail-store.repository';
import { isMailTemplate } from './mail-templates';
import type { MailJobRef, MailQueueData, MailRequest } from './mail.types';

export class MailQueueUnavailableError extends Error {
  constructor(readonly jobId: string) {
    super('The mail queue is unavailable; the mail will be sent when it is back.');
  }
}

const OUTBOX_BATCH = 100;
const RECONCILE_PAGE = 500;
/** At most this many pages a sweep (50,000 mails); the next sweep goes on. */
const RECONCILE_MAX_PAGES = 100;
const PURGE_EVERY_MS = 60 * 60 * 1000;

@Injectable()
export class MailService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly sweeper = new IntervalRunner('Mail outbox sweep', OUTBOX_SWEEP_MS, () => this.sweep());
  private sweeping = false;
  private lastPurge = 0;
  private redisLost = false;
  private reconciling = false;

  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailQueueData>,
    private readonly outbox: MailOutboxRepository,
    private readonly settings: SettingsService,
    private readonly store: MailStore,
  ) {}

  /** Where staff notices go: the address set in the admin's Settings, else ADMIN_NOTIFY_EMAIL. */
  async adminAddress(): Promise<string> {
    return (await this.settings.get()).adminNotifyEmail;
  }

  /** Queues one mail and returns its Bull job id. */
  async enqueue(mail: MailRequest): Promise<string> {
    if (!isMailTemplate(mail.template)) throw new Error(`Unknown mail template "${String(mail.template)}"`);
    const jobId = mail.jobId ?? randomUUID();
    await this.store.save(jobId, { ...mail, jobId });
    const job: MailJobRef = { mailId: jobId };
    try {
      await withTimeout(this.queue.add(job, { jobId }), ENQUEUE_TIMEOUT_MS);
      return jobId;
    } catch (err) {
      this.logger.warn(
        `Could not queue mail ${jobId} (${mail.template}): ${(err as Error).message}; keeping it in the outbox`,
      );
      await this.outbox.park(jobId, job, (err as Error).message);
      throw new MailQueueUnavailableError(jobId);
    }
  }

  /**
   * Queues a mail for a caller that must not fail when Redis is away: the mail is then parked
   * in the outbox and goes out when Redis is back, so that case resolves (to null, no job id
   * yet) instead of throwing. Anything else, such as an unknown template, still throws.
   */
  async enqueueQuietly(mail: MailRequest): Promise<string | null> {
    try {
      return await this.enqueue(mail);
    } catch (err) {
      if (err instanceof MailQueueUnavailableError) return null;
      throw err;
    }
  }

  /**
   * Queues many mails in one round trip, each under its own job id (required: a job id Bull
   * still holds is not queued again). Throws when Redis does not answer: the caller (a queue
   * job itself) is retried, so nothing is parked in the outbox.
   */
  async enqueueBulk(mails: (MailRequest & { jobId: string })[]): Promise<void> {
    if (!mails.length) return;
    for (const mail of mails)
      if (!isMailTemplate(mail.template)) throw new Error(`Unknown mail template "${String(mail.template)}"`);
    await withTimeout(
      this.queue.addBulk(mails.map((data) => ({ data, opts: { jobId: data.jobId } }))),
      ENQUEUE_TIMEOUT_MS * 5,
    );
  }

  /** Jobs that used up every attempt; the ops dashboard lists them. Null when Redis is down. */
  async failedCount(): Promise<number | null> {
    try {
      return await withTimeout(this.queue.getFailedCount(), ENQUEUE_TIMEOUT_MS);
    } catch {
      return null;
    }
  }

  /** Mails the worker gave up on and that were not sent since, oldest first. */
  failedMails(): Promise<FailedMail[]> {
    return this.store.failed();
  }

  /**
   * Where each mail is now, by job id: on the queue (queued, or retrying after a failed
   * attempt), sent, failed for good, or parked in the outbox while Redis was away. A completed
   * job is kept a day; after that, or with Redis down, the stored mail says whether it was sent
   * or given up on (for MAIL_RETENTION_MS), and otherwise the state is 'unknown'.
   */
  async deliveryStates(
    jobIds: string[],
  ): Promise<Map<string, { state: MailDeliveryState; attempts: number; error: string | null }>> {
    const out = new Map<string, { state: MailDeliveryState; attempts: number; error: string | null }>();
    if (!jobIds.length) return out;
    const parked = await this.outbox.parked(jobIds);
    for (const row of parked) out.set(row.jobId, { state: 'outbox', attempts: 0, error: row.lastError });
    await Promise.all(
      jobIds
        .filter((id) => !out.has(id))
        .map(async (id) => {
          try {
            const job = await withTimeout(this.queue.getJob(id), ENQUEUE_TIMEOUT_MS);
            if (!job) return out.set(id, { state: 'unknown', attempts: 0, error: null });
            const status = await withTimeout(job.getState(), ENQUEUE_TIMEOUT_MS);
            const error = job.failedReason ? job.failedReason.slice(0, 300) : null;
            const state: MailDeliveryState =
              status === 'completed'
                ? 'sent'
                : status === 'failed'
                  ? 'failed'
                  : job.attemptsMade > 0
                    ? 'retrying'
                    : 'queued';
            out.set(id, { state, attempts: job.attemptsMade, error });
          } catch {
            out.set(id, { state: 'unknown', attempts: 0, error: null });
          }
        }),
    );
    const unknown = jobIds.filter((id) => out.get(id)?.state === 'unknown');
    if (unknown.length)
      for (const [id, row] of await this.store.settled(unknown))
        out.set(id, { state: row.sentAt ? 'sent' : 'failed', attempts: 0, error: null });
    return out;
  }

  onApplicationBootstrap(): void {
    this.sweeper.start({ runNow: true });
    // Redis back after an outage or a restart: look for lost jobs at once, not in 30 s.
    const client = this.queue.client;
    client.on('close', () => (this.redisLost = true));
    client.on('ready', () => {
      if (!this.redisLost) return;
      this.redisLost = false;
      setTimeout(() => void this.sweeper.runOnce(), 1000).unref();
    });
  }

  /** The periodic work: the outbox, lost jobs, and forgetting old settled mails. */
  async sweep(): Promise<void> {
    await this.sweepOutbox();
    await this.requeueLost().catch((err: Error) => this.logger.warn(`Lost-job check failed: ${err.message}`));
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.store
        .purgeSettled(MAIL_RETENTION_MS)
        .catch((err: Error) => this.logger.warn(`Purging sent mails failed: ${err.message}`));
    }
  }

  /**
   * Stored mails not yet sent whose job Redis does not hold (it restarted without its data, or
   * the job was added while it was going down) are queued again under their id. Re-adding is
   * safe: Bull refuses an id it holds, and the worker skips a mail already recorded as sent.
   */
  async requeueLost(): Promise<number> {
    if (this.reconciling) return 0;
    this.reconciling = true;
    let requeued = 0;
    try {
      let after = '';
      for (let pages = 0; pages < RECONCILE_MAX_PAGES; pages++) {
        const page = await this.store.pending(RECONCILE_AFTER_MS, RECONCILE_WITHIN_MS, RECONCILE_PAGE, after);
        if (!page.length) break;
        after = page[page.length - 1];
        const pipeline = this.queue.client.pipeline();
        for (const jobId of page) pipeline.exists(this.queue.toKey(jobId));
        const exists = await withTimeout(pipeline.exec(), ENQUEUE_TIMEOUT_MS);
        const missing = page.filter((_, i) => exists?.[i]?.[1] === 0);
        for (const jobId of missing) {
          await withTimeout(this.queue.add({ mailId: jobId }, { jobId }), ENQUEUE_TIMEOUT_MS);
          requeued++;
        }
        if (page.length < RECONCILE_PAGE) break;
      }
    } finally {
      this.reconciling = false;
    }
    if (requeued) this.logger.warn(`Queued ${requeued} stored mail(s) again: Redis had lost their jobs`);
    return requeued;
  }

  onApplicationShutdown(): void {
    this.sweeper.stop();
  }

  /**
   * Moves parked mails to the queue. Rows are locked with SKIP LOCKED so several processes can
   * sweep at once; the job id keeps a mail that did reach Redis after all from going twice.
   */
  async sweepOutbox(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    let moved = 0;
    try {
      await this.outbox.lockBatch(OUTBOX_BATCH, async (rows, locked) => {
        for (const row of rows) {
          try {
            await withTimeout(this.queue.add(row.payload, { jobId: row.jobId }), ENQUEUE_TIMEOUT_MS);
            await locked.remove(row);
            moved++;
          } catch (err) {
            await locked.recordFailure(row, (err as Error).message);
            break; // Redis is still away; try again next sweep.
          }
        }
      });
      if (moved) this.logger.log(`Queued ${moved} mail(s) from the outbox`);
    } catch (err) {
      this.logger.warn(`Outbox sweep failed: ${(err as Error).message}`);
    } finally {
      this.sweeping = false;
    }
    return moved;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
