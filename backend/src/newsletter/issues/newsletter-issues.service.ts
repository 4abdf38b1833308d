/**
 * Newsletter issues: staff write one (the post editor's HTML, cleaned with the blog's
 * allowlist), preview it as the mail, mail a test to themselves, then send it to every active
 * subscriber. Sending fixes the recipients in `newsletter_deliveries` (once, whatever is
 * clicked) and puts one `dispatch` job on the newsletter queue; the dispatcher queues one mail
 * job per recipient (see newsletter-dispatcher.ts for the guarantees). An admin can pause a
 * send half-way (sending → paused) and resume it later (paused → sending, in a new round).
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { randomUUID } from 'node:crypto';
import {
  NEWSLETTER_ISSUE_LIMITS,
  NEWSLETTER_ISSUE_MESSAGES,
  type AdminNewsletterIssue,
  type NewsletterIssueProgress,
} from '@studio/shared';
import { AuditService } from '../../audit/audit.service';
import { sanitizePostHtml } from '../../blog/posts/post-html';
import { pageOf } from '../../common/admin-list.query';
import { badRequest, conflict, notFound } from '../../common/errors/app.exception';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MailRenderer } from '../../mail/mail-renderer';
import { MailService } from '../../mail/mail.service';
import type { MailRequest } from '../../mail/mail.types';
import type { UserEntity } from '../../users/entities/user.entity';
import { NewsletterService } from '../newsletter.service';
import type { NewsletterIssueListQuery, SaveNewsletterIssueDto } from './dto/newsletter-issue.dto';
import { NewsletterIssue } from './entities/newsletter-issue.entity';
import { issueMailHtml, issueMailText, issueTextLength } from './issue-content';
import { NewsletterIssuesRepository, type IssueFields } from './newsletter-issues.repository';
import { DISPATCH_JOB, dispatchJobId, NEWSLETTER_QUEUE } from './newsletter-issues.constants';

const toAdmin = (i: NewsletterIssue, progress: NewsletterIssueProgress): AdminNewsletterIssue => ({
  id: i.id,
  subject: i.subject,
  preheader: i.preheader,
  bodyHtml: i.bodyHtml,
  state: i.state,
  createdBy: i.createdBy,
  sentBy: i.sentBy,
  createdAt: i.createdAt.toISOString(),
  updatedAt: i.updatedAt.toISOString(),
  sendStartedAt: i.sendStartedAt?.toISOString() ?? null,
  sentAt: i.sentAt?.toISOString() ?? null,
  progress,
});

/** What every mail of an issue shares; the recipient's address and unsubscribe link are added per mail. */
export interface IssueMailContent {
  subject: string;
  context: { bodyHtml: string; bodyText: string; preheader: string };
}

@Injectable()
export class NewsletterIssuesService {
  private readonly logger = new Logger(NewsletterIssuesService.name);
  private readonly renderer: MailRenderer;

  constructor(
    private readonly repo: NewsletterIssuesRepository,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @InjectQueue(NEWSLETTER_QUEUE) private readonly queue: Queue<{ issueId: number }>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.renderer = new MailRenderer({ siteName: config.siteName, publicUrl: config.publicUrl });
  }

  async list(q: NewsletterIssueListQuery): Promise<{ items: AdminNewsletterIssue[]; total: number }> {
    const [rows, total] = await this.repo.list({ search: q.search || undefined, state: q.state }, pageOf(q));
    await Promise.all(rows.filter((r) => r.state === 'sending').map((r) => this.settle(r)));
    const progress = await this.repo.progress(rows.map((r) => r.id));
    return { items: rows.map((r) => toAdmin(r, progress.get(r.id)!)), total };
  }

  /** The issue with its live counts (sent / failed / skipped / remaining). */
  async get(id: number): Promise<AdminNewsletterIssue> {
    const issue = await this.find(id);
    await this.settle(issue);
    const progress = await this.repo.progress([id]);
    return toAdmin(issue, progress.get(id)!);
  }

  /** How many subscribers a send would reach now (confirmed, not unsubscribed). */
  audience(): Promise<number> {
    return this.newsletter.countActive();
  }

  async create(dto: SaveNewsletterIssueDto, user: UserEntity): Promise<AdminNewsletterIssue> {
    const issue = await this.repo.insert(fieldsOf(dto), user.username);
    return this.get(issue.id);
  }

  async update(id: number, dto: SaveNewsletterIssueDto): Promise<AdminNewsletterIssue> {
    await this.find(id);
    if (!(await this.repo.updateDraft(id, fieldsOf(dto))))
      throw conflict(NEWSLETTER_ISSUE_MESSAGES.notDraft, 'NEWSLETTER_ISSUE_SENT');
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.find(id);
    if (!(await this.repo.deleteDraft(id)))
      throw conflict(NEWSLETTER_ISSUE_MESSAGES.notDraft, 'NEWSLETTER_ISSUE_SENT');
  }

  /** The mail as a subscriber will see it (unsaved text welcome), with a sample unsubscribe link. */
  preview(dto: SaveNewsletterIssueDto): { subject: string; html: string; text: string } {
    const content = this.content(fieldsOf(dto));
    const { html, text } = this.renderer.render('newsletter-issue', content.subject, {
      ...content.context,
      unsubscribeUrl: `${this.config.publicUrl}/api/newsletter/unsubscribe?token=preview`,
    });
    return { subject: content.subject, html, text };
  }

  /** One copy to the signed-in staff member, marked as a test; no delivery row, no counts. */
  async sendTest(id: number, user: UserEntity): Promise<{ to: string }> {
    const issue = await this.find(id);
    const content = this.content(issue);
    const { unsubscribeUrl, headers } = this.newsletter.listMail(user.email);
    const job: MailRequest = {
      template: 'newsletter-issue',
      to: user.email,
      subject: `[Test] ${content.subject}`,
      context: { ...content.context, unsubscribeUrl },
      headers,
      jobId: `newsletter-issue-${id}-test-${randomUUID()}`,
    };
    await this.mail.enqueue(job);
    return { to: user.email };
  }

  /**
   * Sends the issue to every active subscriber. Only the first call starts it; any later call
   * (a double click, a second admin, a retry after a crash) only makes sure the dispatch job
   * is on the queue, which resumes a send that stopped half-way and queues nobody twice.
   */
  async send(id: number, user: UserEntity): Promise<{ started: boolean; issue: AdminNewsletterIssue }> {
    const issue = await this.find(id);
    if (issue.state === 'draft' && issueTextLength(issue.bodyHtml) < NEWSLETTER_ISSUE_LIMITS.bodyTextMin)
      throw badRequest(NEWSLETTER_ISSUE_MESSAGES.body, 'VALIDATION_FAILED', [
        { field: 'bodyHtml', message: NEWSLETTER_ISSUE_MESSAGES.body },
      ]);
    const started = await this.repo.startSend(id, user.username);
    if (started) {
      const { recipients } = await this.find(id);
      await this.audit.record({
        action: 'newsletter.send',
        targetType: 'newsletter_issue',
        targetId: id,
        summary: `Sent newsletter “${issue.subject}” to ${recipients} subscriber${recipients === 1 ? '' : 's'}`,
        after: { subject: issue.subject, recipients },
      });
    }
    const now = await this.find(id);
    if (now.state === 'sending') await this.dispatch(id, now.sendRound);
    return { started, issue: await this.get(id) };
  }

  /**
   * Stops a send half-way: no more mails of the issue go out until it is resumed. Pausing a
   * paused issue changes nothing; any other state is a conflict.
   */
  async pause(id: number): Promise<{ changed: boolean; issue: AdminNewsletterIssue }> {
    const issue = await this.find(id);
    await this.settle(issue);
    const changed = await this.repo.pause(id);
    if (changed) {
      const progress = (await this.repo.progress([id])).get(id)!;
      await this.audit.record({
        action: 'newsletter.pause',
        targetType: 'newsletter_issue',
        targetId: id,
        summary: `Paused newsletter “${issue.subject}” with ${progress.remaining} of ${progress.recipients} mails left`,
        after: { subject: issue.subject, remaining: progress.remaining },
      });
    } else if ((await this.find(id)).state !== 'paused')
      throw conflict(NEWSLETTER_ISSUE_MESSAGES.notSending, 'NEWSLETTER_ISSUE_NOT_SENDING');
    return { changed, issue: await this.get(id) };
  }

  /**
   * Resumes a paused send: the recipients not mailed yet are queued again, each once.
   * Resuming an issue that is sending changes nothing (it only makes sure its dispatch job is
   * on the queue); any other state is a conflict.
   */
  async resume(id: number): Promise<{ changed: boolean; issue: AdminNewsletterIssue }> {
    const issue = await this.find(id);
    const round = await this.repo.resume(id);
    if (round !== null) {
      const progress = (await this.repo.progress([id])).get(id)!;
      await this.audit.record({
        action: 'newsletter.resume',
        targetType: 'newsletter_issue',
        targetId: id,
        summary: `Resumed newsletter “${issue.subject}” with ${progress.remaining} of ${progress.recipients} mails left`,
        after: { subject: issue.subject, remaining: progress.remaining },
      });
      await this.dispatch(id, round);
    } else {
      const now = await this.find(id);
      if (now.state !== 'sending')
        throw conflict(NEWSLETTER_ISSUE_MESSAGES.notPaused, 'NEWSLETTER_ISSUE_NOT_PAUSED');
      await this.dispatch(id, now.sendRound);
    }
    return { changed: round !== null, issue: await this.get(id) };
  }

  /** Puts the issue's dispatch job for a send round on the queue (a no-op while one is there). */
  async dispatch(id: number, round: number): Promise<void> {
    try {
      await this.queue.add(
        DISPATCH_JOB,
        { issueId: id },
        {
          jobId: dispatchJobId(id, round),
          attempts: 10,
          backoff: { type: 'exponential', delay: 2000 },
          // Gone when done, so a later resume can put it back.
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    } catch (err) {
      // The rows are saved; the boot-time resume or another click queues it later.
      this.logger.warn(`Dispatch of newsletter issue ${id} not queued yet: ${(err as Error).message}`);
    }
  }

  /** Subject and body of an issue's mails, as rendered for every recipient. */
  content(issue: Pick<IssueFields, 'subject' | 'preheader' | 'bodyHtml'>): IssueMailContent {
    return {
      subject: issue.subject,
      context: {
        bodyHtml: issueMailHtml(issue.bodyHtml, this.config.publicUrl),
        bodyText: issueMailText(issue.bodyHtml, this.config.publicUrl),
        preheader: issue.preheader,
      },
    };
  }

  async find(id: number): Promise<NewsletterIssue> {
    const issue = await this.repo.findById(id);
    if (!issue) throw notFound(NEWSLETTER_ISSUE_MESSAGES.notFound, 'NEWSLETTER_ISSUE_NOT_FOUND');
    return issue;
  }

  /** A sending issue with nothing left to settle is marked sent (read paths call this; a paused one waits for its resume). */
  private async settle(issue: NewsletterIssue): Promise<void> {
    if (issue.state !== 'sending') return;
    if (await this.repo.finishIfSettled(issue.id)) Object.assign(issue, await this.repo.findById(issue.id));
  }
}

function fieldsOf(dto: SaveNewsletterIssueDto): IssueFields {
  const bodyHtml = sanitizePostHtml(dto.bodyHtml ?? '');
  if (bodyHtml.length > NEWSLETTER_ISSUE_LIMITS.bodyMax)
    throw badRequest(NEWSLETTER_ISSUE_MESSAGES.bodyTooLong, 'VALIDATION_FAILED', [
      { field: 'bodyHtml', message: NEWSLETTER_ISSUE_MESSAGES.bodyTooLong },
    ]);
  return { subject: dto.subject, preheader: dto.preheader ?? '', bodyHtml };
}
