/**
 * A client changes or withdraws their own notes until the round holding them is sent: after
 * that the studio works from them, so they stay as they were.
 *
 * Guarantees:
 * - Only the client's own top-level notes of their own project, and only while their round is
 *   a draft; a reply, a staff note or a sent note cannot be changed from the portal.
 * - Each change locks the project row, the lock submitting a round takes: a note is never
 *   changed or removed while its round is being sent, so what the studio gets is what was sent.
 * - A note the studio has answered can be changed but not deleted (the answer would point at
 *   nothing).
 */
import { Injectable } from '@nestjs/common';
import { REVIEW_MESSAGES, type ReviewCommentDto } from '@studio/shared';
import { conflict, forbidden, notFound } from '../common/errors/app.exception';
import { ProjectsService } from '../projects/projects.service';
import { ReviewsRepository } from './reviews.repository';
import { ReviewNotesRepository } from './review-notes.repository';
import { ReviewSteps } from './review-steps';

/** While the client can still leave notes. */
const TAKING_NOTES = ['in_progress', 'in_review', 'revision_requested'];

@Injectable()
export class ReviewNotesService {
  constructor(
    private readonly repo: ReviewNotesRepository,
    private readonly projects: ProjectsService,
    private readonly reviews: ReviewsRepository,
    private readonly steps: ReviewSteps,
  ) {}

  async edit(projectId: string, email: string, commentId: number, body: string): Promise<ReviewCommentDto> {
    const project = await this.projects.requireOwned(projectId, email);
    await this.repo.transaction(async (m) => {
      await this.requireChangeable(m, project.id, commentId);
      await this.repo.setBody(m, commentId, body);
    });
    return (await this.reviews.comments(project.id)).find((c) => c.id === commentId)!;
  }

  async remove(projectId: string, email: string, commentId: number): Promise<void> {
    const project = await this.projects.requireOwned(projectId, email);
    await this.repo.transaction(async (m) => {
      const note = await this.requireChangeable(m, project.id, commentId);
      if (note.replies > 0) throw conflict(REVIEW_MESSAGES.noteHasReplies, 'NOTE_HAS_REPLIES');
      await this.repo.remove(m, commentId);
    });
  }

  private async requireChangeable(
    m: Parameters<ReviewNotesRepository['note']>[0],
    projectId: string,
    id: number,
  ) {
    const status = (await this.steps.lock(m, projectId))?.status;
    const note = await this.repo.note(m, projectId, id);
    if (!note) throw notFound(REVIEW_MESSAGES.commentNotFound, 'COMMENT_NOT_FOUND');
    if (note.author !== 'client' || note.parentId !== null)
      throw forbidden(REVIEW_MESSAGES.noteNotYours, 'NOTE_NOT_YOURS');
    if (note.roundStatus !== 'draft' || !status || !TAKING_NOTES.includes(status))
      throw conflict(REVIEW_MESSAGES.noteAlreadySent, 'NOTE_ALREADY_SENT');
    return note;
  }
}
