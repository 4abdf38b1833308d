/**
 * The client's timestamped notes on a version, staff's replies and checklist, and the notes
 * gathered in revision rounds ("round N of M", then extra rounds at the studio's fee).
 *
 * Guarantees:
 * - A note is on a ready version of the project and within its length; replies stay one level
 *   deep. The client writes notes only while the project is in progress or in review.
 * - A client's new note joins the project's one draft round (a partial unique index).
 * - Submitting locks the project row: a round submitted twice is one round, and an extra round
 *   becomes one money line (unique per round) only once its fee was accepted.
 * - The studio's mail goes through the queue after the round is stored, with a job id derived
 *   from the round, so a retried submission does not mail twice.
 * - Staff replies reach the client in batches: the first reply in a window of
 *   REPLY_MAIL_WINDOW_MS queues one delayed mail (job id of the project and window), later
 *   replies in that window find it queued, and it leaves as the window closes.
 */
import { Inject, Injectable } from '@nestjs/common';
import { formatPence, REVIEW_MESSAGES, ReviewCommentDto, RoundDto, roundLabel } from '@studio/shared';
import { badRequest, conflict, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ProjectEntity } from '../projects/entities/project.entity';
import { ProjectsService } from '../projects/projects.service';
import { ReviewSteps } from './review-steps';
import { ReviewVersionsService } from './review-versions.service';
import { ReviewsRepository } from './reviews.repository';

export interface NewComment {
  versionId: string;
  atSec: number;
  endSec?: number | null;
  body: string;
  parentId?: number | null;
}

export type Author = { kind: 'client'; email: string } | { kind: 'staff'; name: string };

@Injectable()
export class ReviewRoundsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsService,
    private readonly versions: ReviewVersionsService,
    private readonly steps: ReviewSteps,
    private readonly portalAuth: PortalAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Staff answer a note: the reply sits under it, at its moment, and the client is mailed (batched). */
  async reply(projectId: string, commentId: number, staffName: string, body: string) {
    const project = await this.projects.requireAny(projectId);
    const parent = (await this.repo.comments(project.id)).find((c) => c.id === commentId);
    if (!parent) throw notFound(REVIEW_MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND');
    return this.addComment(
      project.id,
      { kind: 'staff', name: staffName },
      { versionId: parent.versionId, atSec: parent.atSec, endSec: parent.endSec, body, parentId: parent.id },
    );
  }

  async addComment(projectId: string, author: Author, c: NewComment): Promise<ReviewCommentDto> {
    const project =
      author.kind === 'client'
        ? await this.projects.requireOwned(projectId, author.email)
        : await this.projects.requireAny(projectId);
    const v = await this.versions.requireVersion(project.id, c.versionId);
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
    if (author.kind === 'staff' && parentId !== null) await this.mailReplies(project);
    return (await this.repo.comments(project.id)).find((x) => x.id === id)!;
  }

  /** One mail per project per reply window, sent as the window closes (see the header). */
  private async mailReplies(project: ProjectEntity): Promise<void> {
    const windowMs = this.config.mail.replyWindowMs;
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    await this.steps.mailQuietly({
      template: 'review-replies',
      to: project.customerEmail,
      subject: `The studio replied to your notes on your ${project.serviceName}`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId: `replies-${project.id}-${window}`,
      delay: (window + 1) * windowMs - now,
    });
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
    const fee = await this.steps.extraRoundFee();
    const outcome = await this.repo.transaction(async (m) => {
      const project = (await this.steps.lock(m, owned.id))!;
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
        await this.steps.appendEventIn(m, {
          projectId: project.id,
          type: 'extra_round',
          actor: 'client',
          message: `Extra revision round accepted: ${formatPence(fee)} added to the balance.`,
        });
      }
      await this.steps.setStatusIn(m, project, 'revision_requested', 'client', null, {
        type: 'round_submitted',
        message: `Notes submitted as ${roundLabel(number, project.revisionRounds)} (${draft.comments} note${draft.comments === 1 ? '' : 's'}).`,
      });
      return { already: false as const, number, comments: draft.comments, included: project.revisionRounds };
    });
    const round = (await this.repo.lastSubmittedRound(owned.id))!;
    if (!outcome.already) {
      await this.steps.mailQuietly({
        template: 'round-submitted',
        to: await this.steps.adminAddress(),
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
}
