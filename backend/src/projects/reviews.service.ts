/**
 * Projects part 2: versions and their previews, the client's timestamped notes gathered in
 * revision rounds, approval, the balance and the final files.
 *
 * Guarantees:
 * - Status changes go through the shared `transitionProject` rule; asking again for a status a
 *   project already has changes nothing, so every step is safe to repeat.
 * - Rounds, approval and the balance webhook lock the project row: a round submitted twice is
 *   one round, approving twice makes one balance request (a primary key on the project), and
 *   the balance is marked paid once (inside the webhook's transaction).
 * - Before the balance is paid the client only ever reaches previews (protected per project);
 *   the lossless sources have no route at all, the final files answer 402.
 * - Mails go through the queue after the data is stored, with job ids derived from what they
 *   are about, so a retried step does not mail twice.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUDIO_KINDS,
  BALANCE_PAID_STATUSES,
  balancePence,
  ReviewCommentDto,
  finalZipName,
  formatPence,
  PROJECT_MESSAGES,
  PROJECT_STATUS_LABELS,
  ProjectActor,
  ProjectEventType,
  ProjectMoneyDto,
  ProjectStatus,
  Protection,
  REVIEW,
  REVIEW_MESSAGES,
  ReviewDto,
  RoundDto,
  roundLabel,
  transitionProject,
  VERSION_KIND_LABELS,
  VersionDto,
  VersionKind,
} from '@studio/shared';
import type { Queue } from 'bull';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import {
  AppException,
  badRequest,
  conflict,
  notFound,
  tooLarge,
  unsupportedType,
} from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailQueueUnavailableError, MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { detectUploadKind, SNIFF_BYTES } from '../uploads/upload-kind';
import { ProjectEntity } from './entities/project.entity';
import { PortalAuthService } from './portal-auth.service';
import { ProjectsService, Staff } from './projects.service';
import { ReviewUrls, UrlHolder } from './review-urls';
import { PREVIEW_QUEUE, PreviewJob, REMINDER_QUEUE, ReminderJob, reminderJobId } from './reviews.constants';
import { ProjectLock, ReviewsRepository, VersionRow } from './reviews.repository';

export interface NewComment {
  versionId: string;
  atSec: number;
  endSec?: number | null;
  body: string;
  parentId?: number | null;
}

export type Author = { kind: 'client'; email: string } | { kind: 'staff'; name: string };

const newKey = () => randomBytes(16).toString('hex');
const PAYMENT_REQUIRED = 402;

@Injectable()
export class ReviewsService {
  private readonly logger = new Logger(ReviewsService.name);

  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsService,
    private readonly portalAuth: PortalAuthService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    readonly urls: ReviewUrls,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(PREVIEW_QUEUE) private readonly previews: Queue<PreviewJob>,
    @InjectQueue(REMINDER_QUEUE) private readonly reminders: Queue<ReminderJob>,
  ) {}

  // ------------------------------------------------------------------ reading

  async review(project: ProjectEntity, forStaff: boolean): Promise<ReviewDto> {
    const [versions, comments, rounds, finals, money, fee] = await Promise.all([
      this.repo.versions(project.id),
      this.repo.comments(project.id),
      this.repo.rounds(project.id),
      this.repo.finals(project.id),
      this.money(project),
      this.extraRoundFee(),
    ]);
    const submitted = rounds.filter((r) => r.status === 'submitted').length;
    const next = submitted + 1;
    const extra = next > project.revisionRounds;
    return {
      versions: versions.filter((v) => forStaff || v.status === 'ready').map(toVersion),
      comments,
      rounds,
      includedRounds: project.revisionRounds,
      nextRound: { number: next, extra, feePence: extra ? fee : 0 },
      protection: project.protection,
      tagEverySec: project.tagEverySec,
      money,
      finals,
      downloadsUnlocked: BALANCE_PAID_STATUSES.includes(project.status),
    };
  }

  async money(project: ProjectEntity): Promise<ProjectMoneyDto> {
    const [extras, facts, request] = await Promise.all([
      this.repo.extras(project.id),
      this.repo.moneyFacts(project.id),
      this.repo.balanceRequest(project.id),
    ]);
    const extrasPence = extras.reduce((n, e) => n + e.pence, 0);
    const listPricePence = facts.listPricePence ?? project.quotedPence;
    return {
      listPricePence,
      discountPence: Math.max(0, listPricePence - project.quotedPence),
      quotedPence: project.quotedPence,
      depositPence: project.depositPence,
      extras,
      extrasPence,
      balancePence:
        request?.amountPence ?? balancePence(project.quotedPence, project.depositPence, extrasPence),
      balancePaid: Boolean(request?.paidAt),
      refundsPence: facts.refundsPence,
      // The client's own page for paying what was requested; nothing to pay, no link.
      payPath: request && !request.paidAt ? `/pay/${request.token}` : null,
    };
  }

  async requireVersion(projectId: string, versionId: string): Promise<VersionRow> {
    const v = /^[0-9a-f-]{36}$/i.test(versionId) ? await this.repo.findVersion(versionId) : null;
    if (!v || v.projectId !== projectId) throw notFound(REVIEW_MESSAGES.versionNotFound, 'VERSION_NOT_FOUND');
    return v;
  }

  async peaks(projectId: string, versionId: string) {
    const v = await this.requireVersion(projectId, versionId);
    if (v.status !== 'ready') throw conflict(REVIEW_MESSAGES.versionNotReady, 'VERSION_NOT_READY');
    return {
      peaks: (await this.repo.peaks(v.id)) ?? [],
      durationSec: v.durationSec,
      loudnessLufs: v.loudnessLufs,
    };
  }

  async previewUrl(projectId: string, versionId: string, holder: UrlHolder) {
    const v = await this.requireVersion(projectId, versionId);
    if (v.status !== 'ready' || !v.previewKey)
      throw conflict(REVIEW_MESSAGES.versionNotReady, 'VERSION_NOT_READY');
    return this.urls.sign(`/api/media/previews/${v.id}`, holder);
  }

  /** The stored preview a verified URL opens (the client's own project only). */
  async previewFor(versionId: string, email: string | null): Promise<{ key: string; size: number }> {
    const v = /^[0-9a-f-]{36}$/i.test(versionId) ? await this.repo.findVersion(versionId) : null;
    if (!v || !v.previewKey) throw notFound(REVIEW_MESSAGES.versionNotFound, 'VERSION_NOT_FOUND');
    if (email !== null) await this.projects.requireOwned(v.projectId, email);
    const size = await this.storage.size(v.previewKey);
    if (size === null) throw notFound(REVIEW_MESSAGES.versionNotFound, 'VERSION_NOT_FOUND');
    return { key: v.previewKey, size };
  }

  // ------------------------------------------------------------------ versions (staff)

  async setProtection(
    projectId: string,
    protection: Protection,
    tagEverySec: number | undefined,
    staff: Staff,
  ) {
    const project = await this.projects.requireAny(projectId);
    const every = tagEverySec ?? project.tagEverySec;
    await this.repo.setProtection(project.id, protection, every);
    await this.audit.record({
      action: 'project.protection',
      targetType: 'project',
      targetId: project.id,
      summary: `Preview protection set to ${protection}${protection === 'tag' ? ` (every ${every} s)` : ''} by ${staff.name}`,
      before: { protection: project.protection, tagEverySec: project.tagEverySec },
      after: { protection, tagEverySec: every },
    });
  }

  /**
   * Stores a version staff upload (the request body, streamed) and queues its preview. The
   * project moves to "in review" once the preview is ready (onPreviewReady).
   */
  async postVersion(
    projectId: string,
    staff: Staff,
    v: { kind: VersionKind; name: string; note: string | null; body: Readable; declaredSize: number },
  ): Promise<VersionDto> {
    const project = await this.projects.requireAny(projectId);
    if (['cancelled', 'closed', 'approved', ...BALANCE_PAID_STATUSES].includes(project.status))
      throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    const { key, size } = await this.storeUpload(v.body, v.declaredSize, true);
    const row = await this.repo.insertVersion({
      projectId,
      kind: v.kind,
      name: v.name,
      size,
      sourceKey: key,
      protection: project.protection,
      note: v.note,
    });
    await this.projects.appendEvent(projectId, {
      type: 'version_posted',
      actor: 'staff',
      actorName: staff.name,
      message: `Version ${row.number} (${VERSION_KIND_LABELS[v.kind]}, ${v.name}) uploaded; its preview is being prepared.`,
    });
    await this.audit.record({
      action: 'project.version',
      targetType: 'project',
      targetId: projectId,
      summary: `Uploaded version ${row.number} (${v.kind}) of ${project.serviceName} for ${project.customerEmail}`,
      after: { versionId: row.id, name: v.name, size },
    });
    await this.previews
      .add(
        { versionId: row.id },
        { jobId: `preview-${row.id}`, attempts: 2, backoff: { type: 'fixed', delay: 5000 } },
      )
      .catch((err: Error) => this.logger.error(`Could not queue the preview of ${row.id}: ${err.message}`));
    return toVersion(row);
  }

  /** Called by the preview job once its preview is stored: the client may listen now. */
  async onPreviewReady(
    versionId: string,
    r: { previewKey: string; durationSec: number; loudnessLufs: number | null; peaks: number[] },
  ): Promise<void> {
    const v = await this.repo.findVersion(versionId);
    if (!v || !(await this.repo.versionReady(versionId, r))) return;
    const project = await this.projects.requireAny(v.projectId);
    await this.projects.appendEvent(v.projectId, {
      type: 'version_ready',
      actor: 'system',
      message: `Version ${v.number} is ready to review (${formatDuration(r.durationSec)}).`,
    });
    if (project.status === 'in_progress' || project.status === 'revision_requested') {
      await this.move(
        project.id,
        'in_review',
        'system',
        null,
        `Version ${v.number} is ready for your review.`,
      );
    }
    const link = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.enqueueQuietly({
      template: 'version-ready',
      to: project.customerEmail,
      subject: `Version ${v.number} of your ${project.serviceName} is ready to review`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        versionNumber: v.number,
        kind: VERSION_KIND_LABELS[v.kind],
        signInUrl: link,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId: `version-${v.id}-ready`,
    });
  }

  async onPreviewFailed(versionId: string, error: string): Promise<void> {
    await this.repo.versionFailed(versionId, error);
    const v = await this.repo.findVersion(versionId);
    if (v)
      await this.projects.appendEvent(v.projectId, {
        type: 'version_ready',
        actor: 'system',
        message: `The preview of version ${v.number} failed: ${error.slice(0, 300)}`,
        internal: true,
      });
  }

  findVersion(id: string) {
    return this.repo.findVersion(id);
  }

  // ------------------------------------------------------------------ comments and rounds

  async addComment(projectId: string, author: Author, c: NewComment): Promise<ReviewCommentDto> {
    const project =
      author.kind === 'client'
        ? await this.projects.requireOwned(projectId, author.email)
        : await this.projects.requireAny(projectId);
    const v = await this.requireVersion(project.id, c.versionId);
    if (v.status !== 'ready' || v.durationSec === null)
      throw conflict(REVIEW_MESSAGES.versionNotReady, 'VERSION_NOT_READY');
    if (
      author.kind === 'client' &&
      !['in_progress', 'in_review', 'revision_requested'].includes(project.status)
    )
      throw conflict(REVIEW_MESSAGES.notInReview, 'NOT_IN_REVIEW');
    // A little slack for rounding in the player; anything later is past the end.
    const end = v.durationSec + 0.05;
    if (c.atSec > end || (c.endSec != null && c.endSec > end))
      throw badRequest(REVIEW_MESSAGES.beyondEnd(v.durationSec), 'COMMENT_BEYOND_END');
    if (c.endSec != null && c.endSec <= c.atSec)
      throw badRequest(REVIEW_MESSAGES.rangeOrder, 'VALIDATION_FAILED');
    let parentId: number | null = null;
    if (c.parentId != null) {
      const parent = await this.repo.findComment(project.id, c.parentId);
      if (!parent) throw notFound(REVIEW_MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND');
      parentId = parent.parentId ?? parent.id; // replies stay one level deep
    }
    const id = await this.repo.transaction(async (m) => {
      // A client's new note (not a reply) joins the draft round.
      const roundId =
        author.kind === 'client' && parentId === null ? await this.repo.draftRound(m, project.id) : null;
      return this.repo.insertComment(m, {
        projectId: project.id,
        versionId: v.id,
        parentId,
        roundId,
        author: author.kind,
        authorName: author.kind === 'staff' ? author.name : project.customerName,
        body: c.body,
        atSec: c.atSec,
        endSec: c.endSec ?? null,
      });
    });
    return (await this.repo.comments(project.id)).find((x) => x.id === id)!;
  }

  /** Ticks (or unticks) a note: staff's checklist of what the next version addresses. */
  async resolveComment(projectId: string, commentId: number, resolved: boolean, email?: string) {
    if (email) await this.projects.requireOwned(projectId, email);
    else await this.projects.requireAny(projectId);
    if (!(await this.repo.resolveComment(projectId, commentId, resolved)))
      throw notFound(REVIEW_MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND');
    return (await this.repo.comments(projectId)).find((c) => c.id === commentId)!;
  }

  /**
   * Submits the draft round as "round N of M". Beyond M the extra-round fee must be accepted,
   * and it becomes a money line. A second submission finds the round already submitted and
   * answers with it.
   */
  async submitRound(
    projectId: string,
    email: string,
    acceptFee: boolean,
  ): Promise<{ round: RoundDto; alreadySubmitted: boolean; label: string }> {
    const owned = await this.projects.requireOwned(projectId, email);
    const fee = await this.extraRoundFee();
    const outcome = await this.repo.transaction(async (m) => {
      const project = (await this.repo.lockProject(m, owned.id))!;
      const draft = await this.repo.draftWithCount(m, project.id);
      if (!draft || draft.comments === 0) {
        if (project.status === 'revision_requested') return { already: true as const, number: 0 };
        throw badRequest(REVIEW_MESSAGES.emptyRound, 'ROUND_EMPTY');
      }
      if (project.status !== 'in_review') throw conflict(REVIEW_MESSAGES.notInReview, 'NOT_IN_REVIEW');
      const number = (await this.repo.submittedCount(m, project.id)) + 1;
      const extra = number > project.revisionRounds;
      if (extra && !acceptFee)
        throw conflict(
          REVIEW_MESSAGES.extraRoundFee(fee, project.revisionRounds),
          'EXTRA_ROUND_FEE_REQUIRED',
        );
      await this.repo.submitRound(m, draft.id, { number, extra, feePence: extra ? fee : 0 });
      if (extra) {
        await this.repo.insertExtra(m, {
          projectId: project.id,
          roundId: draft.id,
          label: `Extra revision round ${number - project.revisionRounds}`,
          pence: fee,
        });
        await this.repo.appendEvent(m, {
          projectId: project.id,
          type: 'extra_round',
          actor: 'client',
          message: `Extra revision round accepted: ${formatPence(fee)} added to the balance.`,
        });
      }
      await this.setStatusIn(m, project, 'revision_requested', 'client', null, {
        type: 'round_submitted',
        message: `Notes submitted as ${roundLabel(number, project.revisionRounds)} (${draft.comments} note${draft.comments === 1 ? '' : 's'}).`,
      });
      return { already: false as const, number, comments: draft.comments, included: project.revisionRounds };
    });
    const round = (await this.repo.lastSubmittedRound(owned.id))!;
    if (!outcome.already) {
      await this.enqueueQuietly({
        template: 'round-submitted',
        to: await this.mail.adminAddress(),
        replyTo: owned.customerEmail,
        subject: `Revision notes: ${owned.serviceName} for ${owned.customerName ?? owned.customerEmail} (${roundLabel(outcome.number, outcome.included)})`,
        context: {
          customerName: owned.customerName ?? owned.customerEmail,
          serviceName: owned.serviceName,
          round: roundLabel(outcome.number, outcome.included),
          comments: outcome.comments,
          projectUrl: `${this.config.publicUrl}/admin/projects/${owned.id}`,
        },
        jobId: `round-${round.id}-submitted`,
      });
    }
    return {
      round,
      alreadySubmitted: outcome.already,
      label: roundLabel(round.number!, owned.revisionRounds),
    };
  }

  // ------------------------------------------------------------------ approval and the balance

  /** The client approves a version: one balance request, mailed at once, reminders queued. */
  async approve(projectId: string, email: string, versionId: string) {
    const owned = await this.projects.requireOwned(projectId, email);
    const v = await this.requireVersion(owned.id, versionId);
    if (v.status !== 'ready') throw badRequest(REVIEW_MESSAGES.noVersion, 'VERSION_NOT_READY');
    const created = await this.repo.transaction(async (m) => {
      const project = (await this.repo.lockProject(m, owned.id))!;
      if (project.status === 'approved' || BALANCE_PAID_STATUSES.includes(project.status)) return null;
      if (project.status !== 'in_review') throw conflict(REVIEW_MESSAGES.notInReview, 'NOT_IN_REVIEW');
      const extras = (await this.repo.extras(project.id, m)).reduce((n, e) => n + e.pence, 0);
      const amount = balancePence(project.quotedPence, project.depositPence, extras);
      await this.setStatusIn(m, project, 'approved', 'client', null, {
        type: 'approved',
        message: `Version ${v.number} (${v.name}) approved.`,
      });
      const token = randomBytes(24).toString('base64url');
      await this.repo.insertBalanceRequest(m, { projectId: project.id, token, amountPence: amount });
      await this.repo.appendEvent(m, {
        projectId: project.id,
        type: 'balance_requested',
        actor: 'system',
        message: `Balance of ${formatPence(amount)} requested (quoted ${formatPence(project.quotedPence)} − deposit ${formatPence(project.depositPence)}${extras ? ` + extras ${formatPence(extras)}` : ''}).`,
      });
      if (amount === 0) {
        // Nothing left to pay (a deposit that covered the price): the files unlock at once.
        await this.repo.markBalancePaid(m, project.id, null);
        await this.unlock(m, project, 'Nothing left to pay.');
      }
      return { token, amount };
    });
    if (created?.amount === 0) await this.afterBalancePaid({ id: 0, metadata: { projectId: owned.id } });
    else if (created) await this.sendBalanceRequest(owned, created.token, created.amount);
    return { alreadyApproved: !created, money: await this.money(await this.projects.requireAny(owned.id)) };
  }

  private async sendBalanceRequest(project: ProjectEntity, token: string, amount: number): Promise<void> {
    await this.enqueueQuietly({
      template: 'balance-request',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} is approved: balance of ${formatPence(amount)}`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        amountFormatted: formatPence(amount),
        payUrl: `${this.config.publicUrl}/pay/${token}`,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId: `project-${project.id}-balance-request`,
    });
    for (const day of REVIEW.reminderDays) {
      await this.reminders
        .add(
          { projectId: project.id, day },
          { jobId: reminderJobId(project.id, day), delay: day * 86_400_000, removeOnComplete: true },
        )
        .catch((err: Error) => this.logger.error(`Could not queue a balance reminder: ${err.message}`));
    }
  }

  /** Run by the reminder job: mails the link again unless the balance was paid meanwhile. */
  async remind(projectId: string, day: number): Promise<boolean> {
    const request = await this.repo.balanceRequest(projectId);
    if (!request || request.paidAt) return false;
    const project = await this.projects.requireAny(projectId);
    await this.enqueueQuietly({
      template: 'balance-reminder',
      to: project.customerEmail,
      subject: `Reminder: the balance for your ${project.serviceName}`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        amountFormatted: formatPence(request.amountPence),
        payUrl: `${this.config.publicUrl}/pay/${request.token}`,
        projectUrl: this.portalAuth.projectUrl(project.id),
        days: day,
      },
      jobId: `project-${projectId}-balance-reminder-${day}`,
    });
    return true;
  }

  /**
   * The balance payment succeeded (inside the webhook's transaction, once per event): the
   * request is marked paid once, and the project moves to paid (and delivered when final files
   * are waiting).
   */
  async onBalancePaid(
    m: EntityManager,
    payment: { id: number; metadata: Record<string, unknown> },
  ): Promise<void> {
    const projectId = typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null;
    if (!projectId) return;
    const project = await this.repo.lockProject(m, projectId);
    if (!project || !(await this.repo.markBalancePaid(m, projectId, payment.id))) return;
    const request = await this.repo.balanceRequest(projectId, m);
    await this.repo.appendEvent(m, {
      projectId,
      type: 'balance_paid',
      actor: 'system',
      message: `Balance of ${formatPence(request?.amountPence ?? 0)} paid. Final files unlocked.`,
    });
    await this.unlock(m, project, 'Balance paid.');
  }

  /** Approved → paid, and delivered when final files are waiting (in the caller's transaction). */
  private async unlock(m: EntityManager, project: ProjectLock, message: string): Promise<void> {
    if (project.status !== 'approved') return;
    await this.setStatusIn(m, project, 'paid', 'system', null, { type: 'status_changed', message });
    if ((await this.repo.finals(project.id, m)).length)
      await this.setStatusIn(m, project, 'delivered', 'system', null, {
        type: 'status_changed',
        message: 'Final files delivered.',
      });
  }

  /** After the webhook's commit (once per payment): reminders cancelled, the client told. */
  async afterBalancePaid(payment: { id: number; metadata: Record<string, unknown> }): Promise<void> {
    const projectId = typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null;
    if (!projectId) return;
    for (const day of REVIEW.reminderDays) {
      const job = await this.reminders.getJob(reminderJobId(projectId, day)).catch(() => null);
      await job?.remove().catch(() => undefined);
    }
    const project = await this.projects.requireAny(projectId);
    const link = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.enqueueQuietly({
      template: 'files-unlocked',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} final files are unlocked`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        signInUrl: link,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId: `project-${projectId}-files-unlocked`,
    });
  }

  // ------------------------------------------------------------------ final files and downloads

  async postFinal(
    projectId: string,
    staff: Staff,
    f: { name: string; body: Readable; declaredSize: number },
  ) {
    const project = await this.projects.requireAny(projectId);
    if (project.status === 'cancelled') throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    const { key, size } = await this.storeUpload(f.body, f.declaredSize, false);
    await this.repo.insertFinal({ id: key, projectId, name: f.name, size });
    await this.projects.appendEvent(projectId, {
      type: 'final_uploaded',
      actor: 'staff',
      actorName: staff.name,
      message: `Final file ${f.name} added.`,
    });
    await this.audit.record({
      action: 'project.final',
      targetType: 'project',
      targetId: projectId,
      summary: `Added final file ${f.name} to ${project.serviceName} for ${project.customerEmail}`,
      after: { fileId: key, size },
    });
    if (project.status === 'paid')
      await this.move(projectId, 'delivered', 'staff', staff.name, 'Final files delivered.');
    return { id: key, name: f.name, size };
  }

  /** 402 until the balance is paid. */
  requirePaid(project: ProjectEntity): void {
    if (!BALANCE_PAID_STATUSES.includes(project.status))
      throw new AppException(PAYMENT_REQUIRED, REVIEW_MESSAGES.balanceUnpaid, 'BALANCE_UNPAID');
  }

  async downloads(projectId: string, email: string, session: string) {
    const project = await this.projects.requireOwned(projectId, email);
    this.requirePaid(project);
    const finals = await this.repo.finals(project.id);
    const holder = { session };
    return {
      files: finals.map((f) => ({
        ...f,
        ...this.urls.sign(`/api/media/downloads/${project.id}/${f.id}`, holder),
      })),
      zip: finals.length
        ? { ...this.urls.sign(`/api/media/downloads/${project.id}/all`, holder), name: finalZipName(project) }
        : null,
    };
  }

  /** What a download URL opens, once the balance is paid; the download is recorded. */
  async openDownload(projectId: string, fileId: string, email: string | null) {
    const project = await this.projects.requireAny(projectId);
    if (email !== null && project.customerEmail !== email)
      throw notFound(PROJECT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
    this.requirePaid(project);
    const finals = await this.repo.finals(project.id);
    const chosen = fileId === 'all' ? finals : finals.filter((f) => f.id === fileId);
    if (!chosen.length) throw notFound(PROJECT_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');
    await this.repo.recordDownload(project.id, fileId === 'all' ? null : fileId, email ?? 'staff');
    return { project, files: chosen };
  }

  /** Checks the project exists and is paid (download URLs answer 402 before anything else). */
  async requirePaidProject(projectId: string): Promise<void> {
    this.requirePaid(await this.projects.requireAny(projectId));
  }

  readStored(key: string, range?: { start: number; end: number }) {
    return this.storage.read(key, range);
  }

  // ------------------------------------------------------------------ helpers

  private async extraRoundFee(): Promise<number> {
    return (await this.settings.get()).extraRoundFeePence ?? REVIEW.defaultExtraRoundPence;
  }

  /** Streams an upload into storage under a new key, within the per-file limit, checked by content. */
  private async storeUpload(body: Readable, declaredSize: number, audioOnly: boolean) {
    const { maxFileBytes, maxFileMb } = this.config.storage;
    if (declaredSize > maxFileBytes) {
      body.resume();
      throw tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE');
    }
    const key = newKey();
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > maxFileBytes) done(tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE'));
        else done(null, chunk);
      },
    });
    body.on('error', (err) => limit.destroy(err));
    const size = await this.storage.write(key, body.pipe(limit)).catch((err: unknown) => {
      if (err instanceof AppException) throw err;
      throw badRequest(REVIEW_MESSAGES.badUpload, 'BAD_REQUEST');
    });
    if (!size) {
      await this.storage.remove(key).catch(() => undefined);
      throw badRequest(REVIEW_MESSAGES.badUpload, 'EMPTY_FILE');
    }
    const head: Buffer[] = [];
    for await (const chunk of this.storage.read(key, { start: 0, end: SNIFF_BYTES - 1 }))
      head.push(chunk as Buffer);
    const detected = await detectUploadKind(Buffer.concat(head));
    const ok = detected.ok && (!audioOnly || AUDIO_KINDS.includes(detected.kind));
    if (!ok) {
      await this.storage.remove(key).catch(() => undefined);
      const what = detected.ok ? detected.kind.toUpperCase() : detected.detected;
      throw unsupportedType(REVIEW_MESSAGES.notAudio(what), 'UNSUPPORTED_FILE_TYPE');
    }
    return { key, size };
  }

  private async setStatusIn(
    m: EntityManager,
    project: ProjectLock,
    to: ProjectStatus,
    actor: ProjectActor,
    actorName: string | null,
    event: { type: ProjectEventType; message: string },
  ): Promise<void> {
    const result = transitionProject(project.status, to, actor);
    if (!result.ok) throw conflict(result.reason, 'INVALID_TRANSITION');
    if (!result.changed) return;
    await this.repo.setStatus(m, project.id, to, { projectId: project.id, actor, actorName, ...event });
    project.status = to;
  }

  private async move(
    id: string,
    to: ProjectStatus,
    actor: ProjectActor,
    actorName: string | null,
    message: string,
  ) {
    await this.repo.transaction(async (m) => {
      const project = await this.repo.lockProject(m, id);
      if (!project) return;
      const r = transitionProject(project.status, to, actor);
      if (!r.ok || !r.changed) return;
      await this.repo.setStatus(m, id, to, {
        projectId: id,
        type: 'status_changed',
        actor,
        actorName,
        message: `${PROJECT_STATUS_LABELS[to]}: ${message}`,
      });
    });
  }

  private async enqueueQuietly(job: Parameters<MailService['enqueue']>[0]): Promise<void> {
    await this.mail.enqueue(job).catch((err: unknown) => {
      if (!(err instanceof MailQueueUnavailableError)) throw err;
    });
  }
}

function toVersion(v: VersionRow): VersionDto {
  return {
    id: v.id,
    number: v.number,
    kind: v.kind,
    name: v.name,
    status: v.status,
    durationSec: v.durationSec,
    loudnessLufs: v.loudnessLufs,
    protection: v.protection,
    note: v.note,
    createdAt: new Date(v.createdAt).toISOString(),
  };
}

function formatDuration(sec: number): string {
  const s = Math.round(sec);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
