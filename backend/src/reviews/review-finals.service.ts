/**
 * The final files staff deliver and the client's downloads of them.
 *
 * Guarantees:
 * - Final files answer 402 until the balance is paid, whoever asks; before that the client only
 *   ever reaches previews.
 * - A download URL is signed for the client's portal session; every download is recorded.
 * - A final file added to a paid project delivers it.
 */
import { Injectable } from '@nestjs/common';
import { BALANCE_PAID_STATUSES, finalZipName, PROJECT_MESSAGES, REVIEW_MESSAGES } from '@studio/shared';
import type { Readable } from 'node:stream';
import { AuditService } from '../audit/audit.service';
import { AppException, conflict, notFound } from '../common/errors/app.exception';
import { ProjectEntity } from '../projects/entities/project.entity';
import { ProjectsService, Staff } from '../projects/projects.service';
import { ReviewFiles } from './review-files';
import { ReviewSteps } from './review-steps';
import { ReviewUrls } from './review-urls';
import { ReviewsRepository } from './reviews.repository';

const PAYMENT_REQUIRED = 402;

@Injectable()
export class ReviewFinalsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsService,
    private readonly audit: AuditService,
    private readonly steps: ReviewSteps,
    private readonly files: ReviewFiles,
    private readonly urls: ReviewUrls,
  ) {}

  async postFinal(
    projectId: string,
    staff: Staff,
    f: { name: string; body: Readable; declaredSize: number },
  ) {
    await this.requireOpenForFinals(projectId);
    const { key, size } = await this.files.store(f.body, f.declaredSize, false);
    return this.addFinal(projectId, staff, { name: f.name, key, size });
  }

  /** The project, unless cancelled (409). */
  async requireOpenForFinals(projectId: string): Promise<ProjectEntity> {
    const project = await this.projects.requireAny(projectId);
    if (project.status === 'cancelled') throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    return project;
  }

  /** A final file from a file already stored and checked under `key`; a paid project is delivered. */
  async addFinal(projectId: string, staff: Staff, f: { name: string; key: string; size: number }) {
    const project = await this.requireOpenForFinals(projectId);
    const { key, size } = f;
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
      await this.steps.move(projectId, 'delivered', 'staff', staff.name, 'Final files delivered.');
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

  /**
   * What a download URL opens, once the balance is paid; the download is recorded, and put on
   * the timeline unless `continued` (a later byte range of a download already there).
   */
  async openDownload(projectId: string, fileId: string, email: string | null, continued = false) {
    const project = await this.projects.requireAny(projectId);
    if (email !== null && project.customerEmail !== email)
      throw notFound(PROJECT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
    this.requirePaid(project);
    const finals = await this.repo.finals(project.id);
    const chosen = fileId === 'all' ? finals : finals.filter((f) => f.id === fileId);
    if (!chosen.length) throw notFound(PROJECT_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');
    await this.repo.recordDownload(project.id, fileId === 'all' ? null : fileId, email ?? 'staff');
    if (!continued)
      await this.projects.recordDownload(
        project.id,
        email === null
          ? { actor: 'staff', name: 'Staff' }
          : { actor: 'client', name: project.customerName || project.customerEmail },
        chosen.map((f) => f.name),
        fileId === 'all',
      );
    return { project, files: chosen };
  }

  /** Checks the project exists and is paid (download URLs answer 402 before anything else). */
  async requirePaidProject(projectId: string): Promise<void> {
    this.requirePaid(await this.projects.requireAny(projectId));
  }

  readStored(key: string, range?: { start: number; end: number }): Readable {
    return this.files.read(key, range);
  }
}
