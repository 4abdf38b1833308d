/**
 * The consumer side of the mail pipeline: renders each job's template and hands it to SMTP.
 * Runs only in processes whose ROLE is `all` or `worker`; API-only processes just enqueue.
 *
 * Guarantees:
 * - a job counts as done only after the SMTP server accepted the message; any error before
 *   that fails the attempt and Bull retries it with exponential backoff;
 * - a permanent refusal (5xx: no such mailbox, …) is not retried, the job fails at once;
 * - every message carries a Message-ID derived from the job id, so a retry of a message that
 *   did arrive is recognisably the same message;
 * - a job tied to a feature's delivery row (`delivery`) asks that feature first, so a mail
 *   already sent, or to someone who left the list, is skipped; the row is marked once the
 *   server accepted the message (see mail-delivery-hooks.ts);
 * - on shutdown the queue stops taking jobs, the jobs in flight finish (or, past a grace
 *   period, are left to be retried by another worker), then SMTP closes.
 *
 * Sending goes through `@nestjs-modules/mailer`'s MailerService, which owns the pooled nodemailer
 * transport (smtp-transport.ts) and closes it once this worker has drained. The template
 * is rendered here rather than by the mailer's template adapter: our templates are a layout plus
 * an HTML and a plain-text part, and the adapters render HTML only. No `context` is passed to
 * the mailer, so it never rewrites `{{…}}` in a subject a visitor wrote.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import type { Job, Queue } from 'bull';
import { isAbsolute, join, normalize, sep } from 'node:path';
import type { SentMessageInfo } from 'nodemailer/lib/smtp-pool';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { metrics } from '../metrics/metrics';
import { MAIL_CONCURRENCY, MAIL_QUEUE } from './mail.constants';
import { MailDeliveryHooks, type PreparedMail } from './mail-delivery-hooks';
import { MailRenderer } from './mail-renderer';
import { MailStore } from './mail-store.repository';
import { buildRawMessage } from './raw-message';
import { isConnectionFailure, SmtpBreaker } from './smtp-breaker';
import { SmtpPoolGate } from './smtp-transport';
import { isMailJobRef, type MailAttachment, type MailJob, type MailQueueData } from './mail.types';

/** How long shutdown waits for mails in flight (an SMTP send is bounded by its timeouts). */
const SHUTDOWN_GRACE_MS = 25_000;

/** src/ (tests) or dist/ (production): relative attachment paths are resolved from here. */
export const ASSET_ROOT = join(__dirname, '..');

export interface MailResult {
  messageId: string;
  accepted: string[];
  response: string;
  /** True when the stored mail was already sent (a job Redis lost and the sweeper requeued). */
  alreadySent?: boolean;
  /** The delivery's feature said not to send (already sent, or the recipient left). */
  skipped?: boolean;
}

/** How long a worker keeps trying to record "sent" (Postgres restarting) before it gives up. */
const MARK_SENT_RETRIES_MS = [250, 1000, 2000, 4000, 8000, 15_000];

@Injectable()
export class MailProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly renderer: MailRenderer;
  /** Set once this process works the queue (ROLE all or worker). */
  private running = false;
  private breaker?: SmtpBreaker;
  private readonly domain: string;

  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailQueueData>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: MailStore,
    private readonly hooks: MailDeliveryHooks,
    private readonly mailer: MailerService,
    private readonly poolGate: SmtpPoolGate,
  ) {
    this.renderer = new MailRenderer({ siteName: config.siteName, publicUrl: config.publicUrl });
    this.domain = senderDomain(config.mail.from);
  }

  get enabled(): boolean {
    return this.config.role === 'all' || this.config.role === 'worker';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.running = true;
    const transporter = this.mailer.getTransporter();
    // While SMTP is away this worker's jobs wait in handle(); producers keep queueing.
    this.breaker = new SmtpBreaker({ probe: () => transporter.verify() }, this.config.mail.probeMs);
    this.queue
      .process(MAIL_CONCURRENCY, (job) => this.handle(job))
      .catch((err: Error) => this.logger.error(`Mail worker stopped: ${err.message}`));
    this.queue.on('failed', (job, err) => {
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn;
      metrics.mailFailed(Boolean(final));
      // The job id only: addresses stay out of the logs as they stay out of Redis.
      const msg = `Mail ${job.id} attempt ${job.attemptsMade} failed: ${err.message}`;
      if (!final) return this.logger.warn(msg);
      this.logger.error(`${msg}; giving up, the job stays in the failed list`);
      if (isMailJobRef(job.data))
        this.store
          .markFailed(job.data.mailId)
          .catch((e: Error) =>
            this.logger.warn(`Could not record mail ${String(job.id)} as failed: ${e.message}`),
          );
      const ref = isMailJobRef(job.data) ? undefined : job.data.delivery;
      if (ref)
        void this.hooks
          .get(ref.kind)
          ?.failed(ref, err.message.slice(0, 300))
          .catch((e: Error) =>
            this.logger.error(`Delivery ${ref.kind} ${ref.id} not marked failed: ${e.message}`),
          );
    });
  }

  /**
   * Stop taking jobs and give the ones in flight time to finish, then let the SMTP pool close
   * (SmtpPoolGate). This is onModuleDestroy, the first hook Nest calls on close, so the database
   * and Redis connections are still open. A job still running after SHUTDOWN_GRACE_MS is
   * abandoned; its lock expires and Bull's stalled-job check hands it to another worker, so it
   * is retried rather than lost.
   */
  async onModuleDestroy(): Promise<void> {
    try {
      await this.drain();
    } finally {
      this.poolGate.workerDrained();
    }
  }

  private async drain(): Promise<void> {
    if (!this.enabled) return;
    this.breaker?.stop();
    try {
      await this.queue.pause(true, true);
      const finished = await Promise.race([
        this.queue.whenCurrentJobsFinished().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS).unref()),
      ]);
      if (!finished)
        this.logger.warn(`Mail jobs still running after ${SHUTDOWN_GRACE_MS} ms; leaving them to be retried`);
      await this.queue.close(!finished);
    } catch (err) {
      this.logger.warn(`Closing the mail queue: ${(err as Error).message}`);
    }
  }

  async handle(job: Job<MailQueueData>): Promise<MailResult> {
    if (!this.running) throw new Error('The mail worker is not running in this process');
    // SMTP known to be away: wait for it rather than spend an attempt (smtp-breaker.ts).
    await this.breaker?.whenClosed();
    const stored = isMailJobRef(job.data) ? job.data.mailId : null;
    let mail: MailJob;
    if (stored === null) {
      // A feature's delivery job (the newsletter: its row names the recipient), or a job queued
      // before jobs carried ids only.
      mail = job.data as MailJob;
    } else {
      const row = await this.store.load(stored);
      if (!row) {
        await job.discard();
        throw new Error(`Mail ${stored} is not stored; nothing to send`);
      }
      if (row.sentAt) return { messageId: '', accepted: [], response: 'already sent', alreadySent: true };
      mail = row.payload;
    }
    const delivery = mail.delivery;
    const hook = delivery ? this.hooks.get(delivery.kind) : undefined;
    let shared: PreparedMail['shared'];
    if (delivery) {
      if (!hook) throw new Error(`No delivery hook for "${delivery.kind}" in this process`);
      const prepared = await hook.prepare(delivery);
      if (!prepared) return { messageId: '', accepted: [], response: 'skipped', skipped: true };
      ({ shared } = prepared);
      mail = {
        ...mail,
        to: prepared.to,
        subject: prepared.subject ?? mail.subject,
        context: { ...mail.context, ...prepared.context },
        headers: { ...mail.headers, ...prepared.headers },
      };
    }
    const { html, text } = shared
      ? this.renderer.renderShared(shared.key, mail.template, mail.subject, mail.context, shared.perRecipient)
      : this.renderer.render(mail.template, mail.subject, mail.context);
    let result: MailResult;
    try {
      const messageId = `<${encodeURIComponent(String(job.id))}@${this.domain}>`;
      const message = {
        from: this.config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text,
        html: mail.format === 'text' ? undefined : html,
        replyTo: mail.replyTo,
        headers: mail.headers,
        messageId,
      };
      // Written here in one pass where it can be (raw-message.ts); nodemailer composes the rest.
      const raw = mail.attachments?.length ? null : buildRawMessage(message);
      const info: SentMessageInfo = await this.mailer.sendMail(
        raw ? { ...raw, messageId } : { ...message, attachments: mail.attachments?.map(resolveAttachment) },
      );
      result = { messageId: info.messageId, accepted: info.accepted.map(String), response: info.response };
      metrics.mailSent(job.timestamp);
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      if (code && code >= 500 && code < 600) await job.discard();
      if (isConnectionFailure(err)) void this.breaker?.trip((err as Error).message);
      throw err;
    }
    // Accepted: from here on nothing may throw, or a retry would send it again.
    if (delivery && hook)
      await hook
        .sent(delivery)
        .catch((e: Error) =>
          this.logger.error(`Delivery ${delivery.kind} ${delivery.id} not marked sent: ${e.message}`),
        );
    if (stored !== null) await this.recordSent(stored);
    return result;
  }

  /**
   * The server has the mail: failing the job now would send it again, so a Postgres outage is
   * waited out for a while; past that the job still completes (logged), and only a job that
   * Redis then loses as well could go out twice.
   */
  private async recordSent(mailId: string): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await this.store.markSent(mailId);
      } catch (err) {
        if (i >= MARK_SENT_RETRIES_MS.length) {
          this.logger.error(`Mail ${mailId} was sent but could not be recorded: ${(err as Error).message}`);
          return;
        }
        await new Promise((r) => setTimeout(r, MARK_SENT_RETRIES_MS[i]));
      }
    }
  }
}

function resolveAttachment(a: MailAttachment): { filename: string; path: string; contentType?: string } {
  const path = isAbsolute(a.path) ? a.path : normalize(join(ASSET_ROOT, a.path));
  if (!isAbsolute(a.path) && !path.startsWith(ASSET_ROOT + sep))
    throw new Error(`Attachment path escapes the assets: ${a.path}`);
  return { filename: a.filename, path, contentType: a.contentType };
}

/** The domain of MAIL_FROM ("Studio <bookings@example.com>" → example.com), for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match ? match[1].toLowerCase() : 'localhost';
}
