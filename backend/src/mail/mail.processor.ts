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
 * - on shutdown the queue stops taking jobs, the jobs in flight finish (or, past a grace
 *   period, are left to be retried by another worker), then SMTP closes.
 */
import { InjectQueue } from '@nestjs/bull';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MAIL_CONCURRENCY, MAIL_QUEUE } from './mail.constants';
import { MailRenderer } from './mail-renderer';
import { createMailTransport, MailTransport } from './mail-transport';
import { isConnectionFailure, SmtpBreaker } from './smtp-breaker';
import type { MailAttachment, MailJob } from './mail.types';

/** How long shutdown waits for mails in flight (an SMTP send is bounded by its timeouts). */
const SHUTDOWN_GRACE_MS = 25_000;

/** src/ (tests) or dist/ (production): relative attachment paths are resolved from here. */
export const ASSET_ROOT = join(__dirname, '..');

export interface MailResult {
  messageId: string;
  accepted: string[];
  response: string;
}

@Injectable()
export class MailProcessor
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(MailProcessor.name);
  private readonly renderer: MailRenderer;
  private transporter?: MailTransport;
  private breaker?: SmtpBreaker;
  private readonly domain: string;

  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.renderer = new MailRenderer({ siteName: config.siteName, publicUrl: config.publicUrl });
    this.domain = senderDomain(config.mail.from);
  }

  get enabled(): boolean {
    return this.config.role === 'all' || this.config.role === 'worker';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.transporter = createMailTransport(this.config.mail);
    const transporter = this.transporter;
    this.breaker = new SmtpBreaker(
      {
        probe: () => transporter.verify(),
        // Local pause: only this worker stops; producers keep queueing.
        onOpen: () => this.queue.pause(true, true),
        onClose: () => this.queue.resume(true),
      },
      this.config.mail.probeMs,
    );
    this.queue
      .process(MAIL_CONCURRENCY, (job) => this.handle(job))
      .catch((err: Error) => this.logger.error(`Mail worker stopped: ${err.message}`));
    this.queue.on('failed', (job, err) => {
      const final = job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn;
      const msg = `Mail ${job.id} (${job.data.template} to ${job.data.to}) attempt ${job.attemptsMade} failed: ${err.message}`;
      if (final) this.logger.error(`${msg}; giving up, the job stays in the failed list`);
      else this.logger.warn(msg);
    });
  }

  /**
   * Runs before any module closes: stop taking jobs and give the ones in flight time to finish.
   * A job still running after SHUTDOWN_GRACE_MS is abandoned; its lock expires and Bull's
   * stalled-job check hands it to another worker, so it is retried rather than lost.
   */
  async beforeApplicationShutdown(): Promise<void> {
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

  onApplicationShutdown(): void {
    this.transporter?.close();
  }

  async handle(job: Job<MailJob>): Promise<MailResult> {
    const mail = job.data;
    if (!this.transporter) throw new Error('The mail transport is not running in this process');
    const { html, text } = this.renderer.render(mail.template, mail.subject, mail.context);
    try {
      const info = await this.transporter.sendMail({
        from: this.config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text,
        html: mail.format === 'text' ? undefined : html,
        replyTo: mail.replyTo,
        headers: mail.headers,
        attachments: mail.attachments?.map(resolveAttachment),
        messageId: `<${encodeURIComponent(String(job.id))}@${this.domain}>`,
      });
      return { messageId: info.messageId, accepted: info.accepted.map(String), response: info.response };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      if (code && code >= 500 && code < 600) await job.discard();
      if (isConnectionFailure(err)) void this.breaker?.trip((err as Error).message);
      throw err;
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
