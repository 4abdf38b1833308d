/**
 * Versions and final files staff send through the tus endpoint (/api/uploads), so a large
 * master over a poor connection resumes where it stopped instead of starting again.
 *
 * Guarantees:
 * - Before a byte is stored: the project exists (404) and still takes this kind of file (409,
 *   the rules of the streamed posts), a version names a known kind (400), and the file is not
 *   empty (400) nor over UPLOAD_MAX_FILE_MB (413).
 * - Once whole, the stored file is judged by its first bytes (versions: audio only; 415 and
 *   removed otherwise) and becomes a version (numbered, its preview job queued) or a final file,
 *   kept under the upload's own key: nothing is copied.
 */
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  LIMIT_MESSAGES,
  LIMITS,
  PROJECT_MESSAGES,
  REVIEW_MESSAGES,
  VERSION_KINDS,
  type VersionKind,
} from '@studio/shared';
import { badRequest, tooLarge } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { StaffUpload, StaffUploadHandler, StaffUploads } from '../uploads/staff-uploads';
import { ReviewFiles } from './review-files';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewVersionsService } from './review-versions.service';

const isKind = (k: unknown): k is VersionKind => (VERSION_KINDS as readonly unknown[]).includes(k);

@Injectable()
export class StaffTusUploads implements StaffUploadHandler, OnModuleInit {
  constructor(
    private readonly registry: StaffUploads,
    private readonly versions: ReviewVersionsService,
    private readonly finals: ReviewFinalsService,
    private readonly files: ReviewFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async start(u: StaffUpload): Promise<void> {
    if (u.target === 'version') {
      await this.versions.requireOpenForVersions(u.projectId);
      if (!isKind(u.kind))
        throw badRequest(`kind must be one of: ${VERSION_KINDS.join(', ')}`, 'VALIDATION_FAILED');
      if ((u.note ?? '').length > LIMITS.project.noteMax)
        throw badRequest(LIMIT_MESSAGES.note, 'VALIDATION_FAILED');
    } else {
      await this.finals.requireOpenForFinals(u.projectId);
    }
    const { maxFileBytes, maxFileMb } = this.config.storage;
    if (u.size <= 0) throw badRequest(REVIEW_MESSAGES.badUpload, 'EMPTY_FILE');
    if (u.size > maxFileBytes) throw tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE');
  }

  async finish(u: StaffUpload, staffName: string): Promise<void> {
    await this.files.checkKind(u.id, u.target === 'version');
    const staff = { name: staffName };
    if (u.target === 'version')
      await this.versions.addVersion(u.projectId, staff, {
        kind: isKind(u.kind) ? u.kind : 'mix',
        name: u.name,
        note: u.note?.trim() || null,
        key: u.id,
        size: u.size,
      });
    else await this.finals.addFinal(u.projectId, staff, { name: u.name, key: u.id, size: u.size });
  }
}
