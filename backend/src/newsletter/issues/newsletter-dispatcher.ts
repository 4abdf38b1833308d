/**
 * Sends a newsletter issue through the mail queue, resumably.
 *
 * - `dispatch` (one job per issue on the `newsletter` queue, worker processes only) walks the
 *   issue's `pending` delivery rows in id order, 500 at a time: it queues one mail job per row
 *   under the id `newsletter-issue-{issue}-{subscriber}`, then marks the rows `queued`. Memory
 *   stays flat whatever the list size. If the process dies half-way, Bull hands the stalled
 *   job to the next worker (and every boot re-queues the dispatch of issues still sending): it
 *   starts again from the rows still `pending`. A row queued just before the crash but not yet
 *   marked is queued again under the same job id, which Bull refuses while it holds the job.
 * - Each mail job carries only its delivery row's id and send round. Just before the SMTP send
 *   the worker claims the row (MailDeliveryHook.prepare), under a row lock: a row already
 *   `sent` is skipped, so even a job queued twice (Redis lost its completed jobs) mails nobody
 *   twice; a subscriber who unsubscribed or was deleted meanwhile is skipped. The address and
 *   the unsubscribe link are read then. The row is `claimed` while the mail is being sent,
 *   marked `sent` once the server accepted the message, `failed` when the job has used up its
 *   attempts.
 * - Pause and resume (NewsletterIssuesService): a paused issue queues no more batches (the
 *   dispatcher checks the issue after each one), and a mail job of a paused issue sends nothing
 *   and leaves its row as it is, neither skipped nor failed. A mail the worker had already
 *   claimed and handed to the SMTP server when the pause landed may still go out; it is then
 *   marked sent and not sent again. A resume starts a new send round: the rows not yet sent
 *   (nor claimed) go back to `pending` in that round and are queued again under job ids that
 *   name the round (Bull keeps completed jobs and would refuse the old ids). A job of an
 *   earlier round still on the queue finds its row in a later round and sends nothing, so each
 *   remaining recipient gets one copy.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { QueueDashboard } from '../../mail/dashboard/queue-dashboard';
import {
  MailDeliveryHooks,
  type MailDeliveryHook,
  type MailDeliveryRef,
} from '../../mail/mail-delivery-hooks';
import { MailService } from '../../mail/mail.service';
import type { MailRequest } from '../../mail/mail.types';
import { NewsletterService } from '../newsletter.service';
import { NewsletterIssuesRepository } from './newsletter-issues.repository';
import { IssueMailContent, NewsletterIssuesService } from './newsletter-issues.service';
import {
  DISPATCH_BATCH,
  DISPATCH_JOB,
  ISSUE_DELIVERY,
  issueMailJobId,
  NEWSLETTER_QUEUE,
} from './newsletter-issues.constants';

/** Rendered issues kept in memory by the worker (an issue's body is frozen once it is sent). */
const CONTENT_CACHE_SIZE = 8;

@Injectable()
export class NewsletterDispatcher implements OnModuleInit, OnApplicationBootstrap, MailDeliveryHook {
  private readonly logger = new Logger(NewsletterDispatcher.name);
  private readonly contents = new Map<number, Promise<IssueMailContent>>();

  constructor(
    @InjectQueue(NEWSLETTER_QUEUE) private readonly queue: Queue<{ issueId: number }>,
    private readonly repo: NewsletterIssuesRepository,
    private readonly issues: NewsletterIssuesService,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly hooks: MailDeliveryHooks,
    private readonly dashboard: QueueDashboard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.hooks.register(ISSUE_DELIVERY, this);
    this.dashboard.register(this.queue);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    this.queue
      .process(DISPATCH_JOB, 1, (job) => this.run(job))
      .catch((err: Error) => this.logger.error(`Newsletter worker stopped: ${(err as Error).message}`));
    try {
      for (const { id, round } of await this.repo.sending()) await this.issues.dispatch(id, round);
    } catch (err) {
      this.logger.warn(`Could not resume newsletter sends: ${(err as Error).message}`);
    }
  }

  /**
   * Queues every pending recipient of one issue, batch by batch, while the issue is sending.
   * After each batch it checks the issue: paused, it stops; paused and resumed meanwhile (a
   * new round), it starts over from the first row left, in the new round.
   */
  async run(job: Job<{ issueId: number }>): Promise<{ queued: number }> {
    const { issueId } = job.data;
    let queued = 0;
    // One pass per send round: a pass ends when no row is left or the issue changed under it.
    for (;;) {
      const issue = await this.repo.findById(issueId);
      if (!issue || issue.state !== 'sending') return { queued };
      await this.repo.skipOrphans(issueId);
      const round = issue.sendRound;
      let after = 0;
      for (;;) {
        const batch = await this.repo.pendingBatch(issueId, after, DISPATCH_BATCH);
        if (!batch.length) return { queued };
        await this.mail.enqueueBulk(
          batch.map((d): MailRequest & { jobId: string } => ({
            template: 'newsletter-issue',
            // The address is read from the delivery row when the mail is sent (prepare below):
            // Redis holds ids, never the subscriber's address.
            to: '',
            subject: issue.subject,
            context: {},
            delivery: { kind: ISSUE_DELIVERY, id: d.id, round: d.round },
            jobId: issueMailJobId(issueId, d.subscriberId, d.round),
          })),
        );
        await this.repo.markQueued(batch);
        queued += batch.length;
        after = batch[batch.length - 1].id;
        await job.progress(queued);
        if (!(await this.repo.isSendingIn(issueId, round))) break;
      }
    }
  }

  // ------------------------------------------------------------ MailDeliveryHook

  async prepare(ref: MailDeliveryRef) {
    const claim = await this.repo.claim(ref.id, ref.round ?? 0);
    if (!claim) return null;
    const content = await this.contentOf(claim.issueId);
    const { unsubscribeUrl, headers } = this.newsletter.listMail(claim.email);
    return {
      to: claim.email,
      subject: content.subject,
      context: { ...content.context, unsubscribeUrl },
      headers,
      // The issue is frozen while it is sent: rendered once, the link put in per subscriber.
      shared: { key: `newsletter-issue-${claim.issueId}`, perRecipient: ['unsubscribeUrl'] },
    };
  }

  sent(ref: MailDeliveryRef): Promise<void> {
    return this.repo.markSent(ref.id);
  }

  failed(ref: MailDeliveryRef, error: string): Promise<void> {
    return this.repo.markFailed(ref.id, ref.round ?? 0, error);
  }

  private contentOf(issueId: number): Promise<IssueMailContent> {
    let content = this.contents.get(issueId);
    if (!content) {
      content = this.issues.find(issueId).then((issue) => this.issues.content(issue));
      content.catch(() => this.contents.delete(issueId));
      if (this.contents.size >= CONTENT_CACHE_SIZE) this.contents.delete(this.contents.keys().next().value!);
      this.contents.set(issueId, content);
    }
    return content;
  }
}
