/**
 * The steps every part of a review shares: locking and moving the project, its timeline, queuing
 * a mail, and the fee of an extra round. The project row and its timeline are the projects
 * module's tables: reviews reach them here only, through ProjectsRepository.
 *
 * Guarantees:
 * - Status changes go through the shared `transitionProject` rule; asking again for a status a
 *   project already has changes nothing, so every step is safe to repeat.
 * - `setStatusIn` and `moveIn` run in the caller's transaction, on a project row the caller has
 *   locked; `move` locks the row itself, in its own transaction.
 * - Mails are queued after the data is stored (callers pass a job id derived from what the mail
 *   is about, so a retried step does not mail twice); with Redis away the mail service parks
 *   them in its outbox, which is not an error here.
 */
import { Injectable } from '@nestjs/common';
import {
  PROJECT_STATUS_LABELS,
  ProjectActor,
  ProjectEventType,
  ProjectStatus,
  Protection,
  REVIEW,
  transitionProject,
} from '@studio/shared';
import { EntityManager } from 'typeorm';
import { conflict } from '../common/errors/app.exception';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import { NewEvent, ProjectLock, ProjectsRepository } from '../projects/projects.repository';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewSteps {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsRepository,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
  ) {}

  async extraRoundFee(): Promise<number> {
    return (await this.settings.get()).extraRoundFeePence ?? REVIEW.defaultExtraRoundPence;
  }

  /** Locks the project row until the caller's transaction ends. */
  lock(m: EntityManager, projectId: string): Promise<ProjectLock | null> {
    return this.projects.lockIn(m, projectId);
  }

  /** A line on the project's timeline, in the caller's transaction. */
  appendEventIn(m: EntityManager, e: NewEvent): Promise<void> {
    return this.projects.appendEvent(e, m);
  }

  setProtection(projectId: string, protection: Protection, tagEverySec: number): Promise<void> {
    return this.projects.setProtection(projectId, protection, tagEverySec);
  }

  /** Moves a locked project (in the caller's transaction); a transition the rule refuses is a 409. */
  async setStatusIn(
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
    await this.projects.setStatusIn(m, project.id, to, { projectId: project.id, actor, actorName, ...event });
    project.status = to;
  }

  /** Moves the project when the rule allows it now, and quietly does nothing when it does not. */
  async move(
    id: string,
    to: ProjectStatus,
    actor: ProjectActor,
    actorName: string | null,
    message: string,
  ): Promise<void> {
    await this.repo.transaction(async (m) => {
      const project = await this.projects.lockIn(m, id);
      if (project) await this.moveIn(m, project, to, actor, actorName, message);
    });
  }

  /** `move` in the caller's transaction, on a project row the caller has locked. */
  async moveIn(
    m: EntityManager,
    project: ProjectLock,
    to: ProjectStatus,
    actor: ProjectActor,
    actorName: string | null,
    message: string,
  ): Promise<void> {
    const r = transitionProject(project.status, to, actor);
    if (!r.ok || !r.changed) return;
    await this.projects.setStatusIn(m, project.id, to, {
      projectId: project.id,
      type: 'status_changed',
      actor,
      actorName,
      message: `${PROJECT_STATUS_LABELS[to]}: ${message}`,
    });
    project.status = to;
  }

  async mailQuietly(job: Parameters<MailService['enqueue']>[0]): Promise<void> {
    await this.mail.enqueueQuietly(job);
  }

  adminAddress(): Promise<string> {
    return this.mail.adminAddress();
  }
}
