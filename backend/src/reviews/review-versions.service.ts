/**
 * Versions staff post for review, and their previews: the protection chosen per project, the
 * streamed upload, the preview job's outcome, peaks and signed preview URLs.
 *
 * Guarantees:
 * - Before the balance is paid the client only ever reaches previews (protected per project);
 *   the lossless sources have no route at all. A preview URL is signed for one holder.
 * - A version is numbered under the project's lock (no two share a number), and only a
 *   version whose preview is ready is listed to the client, commented on or approved.
 * - The preview job's outcome is recorded once: a repeated job finds the version ready and
 *   changes nothing. A ready preview moves the project to "in review" and mails the client,
 *   with a job id derived from the version.
 */
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import {
  BALANCE_PAID_STATUSES,
  PROJECT_MESSAGES,
  Protection,
  REVIEW_MESSAGES,
  VERSION_KIND_LABELS,
  VersionDto,
  VersionKind,
} from '@studio/shared';
import type { Queue } from 'bull';
import type { Readable } from 'node:stream';
import { AuditService } from '../audit/audit.service';
import { conflict, notFound } from '../common/errors/app.exception';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ProjectsService, Staff } from '../projects/projects.service';
import { ReviewFiles } from './review-files';
import { ReviewSteps } from './review-steps';
import { ReviewUrls, UrlHolder } from './review-urls';
import { PREVIEW_QUEUE, PreviewJob } from './reviews.constants';
import { ReviewsRepository, VersionRow } from './reviews.repository';

@Injectable()
export class ReviewVersionsService {
  private readonly logger = new Logger(ReviewVersionsService.name);

  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsService,
    private readonly portalAuth: PortalAuthService,
    private readonly audit: AuditService,
    private readonly steps: ReviewSteps,
    private readonly files: ReviewFiles,
    private readonly urls: ReviewUrls,
    @InjectQueue(PREVIEW_QUEUE) private readonly previews: Queue<PreviewJob>,
  ) {}

  // ------------------------------------------------------------------ reading

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
    const size = await this.files.size(v.previewKey);
    if (size === null) throw notFound(REVIEW_MESSAGES.versionNotFound, 'VERSION_NOT_FOUND');
    return { key: v.previewKey, size };
  }

  findVersion(id: string) {
    return this.repo.findVersion(id);
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
    await this.steps.setProtection(project.id, protection, every);
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
    await this.requireOpenForVersions(projectId);
    const { key, size } = await this.files.store(v.body, v.declaredSize, true);
    return this.addVersion(projectId, staff, { kind: v.kind, name: v.name, note: v.note, key, size });
  }

  /** The project, when it still takes versions (409 once approved, paid, closed or cancelled). */
  async requireOpenForVersions(projectId: string) {
    const project = await this.projects.requireAny(projectId);
    if (['cancelled', 'closed', 'approved', ...BALANCE_PAID_STATUSES].includes(project.status))
      throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    return project;
  }

  /**
   * A version from a file already stored and checked under `key` (a streamed post, or a whole
   * tus upload): numbered, on the timeline and the audit log, and its preview job queued.
   */
  async addVersion(
    projectId: string,
    staff: Staff,
    v: { kind: VersionKind; name: string; note: string | null; key: string; size: number },
  ): Promise<VersionDto> {
    const project = await this.requireOpenForVersions(projectId);
    const { key, size } = v;
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

  /**
   * Called by the preview job once its preview is stored: the client may listen now. The version
   * is marked ready, its timeline line written and the project moved to "in review" in one
   * transaction under the project's lock: a job that dies half way leaves the version not ready,
   * so its retry does the whole step (a repeated job finds it ready and changes nothing).
   */
  async onPreviewReady(
    versionId: string,
    r: { previewKey: string; durationSec: number; loudnessLufs: number | null; peaks: number[] },
  ): Promise<void> {
    const v = await this.repo.findVersion(versionId);
    if (!v) return;
    const readied = await this.repo.transaction(async (m) => {
      const locked = await this.steps.lock(m, v.projectId);
      if (!locked || !(await this.repo.versionReady(m, versionId, r))) return false;
      await this.steps.appendEventIn(m, {
        projectId: v.projectId,
        type: 'version_ready',
        actor: 'system',
        message: `Version ${v.number} is ready to review (${formatDuration(r.durationSec)}).`,
      });
      if (locked.status === 'in_progress' || locked.status === 'revision_requested') {
        await this.steps.moveIn(
          m,
          locked,
          'in_review',
          'system',
          null,
          `Version ${v.number} is ready for your review.`,
        );
      }
      return true;
    });
    if (!readied) return;
    const project = await this.projects.requireAny(v.projectId);
    const link = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.steps.mailQuietly({
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
}

export function toVersion(v: VersionRow): VersionDto {
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
