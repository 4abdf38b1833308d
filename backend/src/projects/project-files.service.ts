/**
 * The client's files of a project, as the tus upload endpoint and the probe job see them.
 *
 * Guarantees:
 * - An upload is accepted only into the client's own open project, under the per-file limit and
 *   the project's file count; it holds no room until bytes arrive.
 * - Bytes count against the project's limit as they arrive: `claimWrite` claims room before a
 *   write (413, nothing written, when the project would pass its limit) and `settleWrite`
 *   records what really arrived, so an upload started and never sent takes nothing.
 * - A cancelled or abandoned upload stops counting at once.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PROJECT_MESSAGES, UPLOAD_RULES } from '@studio/shared';
import { EntityManager } from 'typeorm';
import { conflict, notFound, tooLarge } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';

@Injectable()
export class ProjectFilesService {
  constructor(
    private readonly repo: ProjectsRepository,
    private readonly projects: ProjectsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The client's project, ready to take an upload of `size` bytes (404, 409 or 413 otherwise).
   * The upload holds no room yet: bytes count against the project's limit as they arrive
   * (claimWrite), so an upload started and never sent takes nothing from it.
   */
  async startUpload(
    file: { id: string; projectId: string; name: string; size: number },
    email: string,
  ): Promise<void> {
    const project = await this.projects.requireOwned(file.projectId, email);
    if (project.status === 'cancelled') throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    const { maxFileBytes, maxFileMb, maxProjectBytes, maxProjectMb } = this.config.storage;
    if (file.size > maxFileBytes) throw tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE');
    const maxFiles = UPLOAD_RULES.maxFilesPerProject;
    const reserved = await this.repo.reserveFile(file, { maxBytes: maxProjectBytes, maxFiles });
    if (reserved === 'too-many') throw conflict(PROJECT_MESSAGES.tooManyFiles(maxFiles), 'TOO_MANY_FILES');
    if (reserved === 'too-large')
      throw tooLarge(PROJECT_MESSAGES.projectTooLarge(maxProjectMb), 'PROJECT_TOO_LARGE');
  }

  /**
   * Before bytes are written to one of the client's uploads: claims room for it to hold `upTo`
   * bytes, or refuses with 413 when the project would pass its limit (nothing is written then).
   * `settleWrite` afterwards records what really arrived.
   */
  async claimWrite(fileId: string, email: string, upTo: number): Promise<void> {
    const file = await this.requireOwnedFile(fileId, email);
    if (file.status !== 'uploading') return;
    const { maxProjectBytes, maxProjectMb } = this.config.storage;
    if (!(await this.repo.claimReceived(file.id, file.projectId, upTo, maxProjectBytes)))
      throw tooLarge(PROJECT_MESSAGES.projectTooLarge(maxProjectMb), 'PROJECT_TOO_LARGE');
  }

  settleWrite(fileId: string, received: number): Promise<void> {
    return this.repo.setReceived(fileId, received);
  }

  /** The client deleted an unfinished upload: it stops counting at once. */
  async cancelUpload(fileId: string): Promise<void> {
    await this.repo.cancelUpload(fileId, PROJECT_MESSAGES.uploadCancelled);
  }

  /** A file of the client's own projects, or 404 (the same for a guessed or foreign id). */
  async requireOwnedFile(fileId: string, email: string): Promise<ProjectFileEntity> {
    const file = await this.repo.findFile(fileId);
    if (!file || !(await this.repo.findOwned(file.projectId, email)))
      throw notFound(PROJECT_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');
    return file;
  }

  /** Uploads a client started but never finished within `olderThanMs`: marked failed, ids returned. */
  expireUploads(tx: EntityManager, olderThanMs: number): Promise<string[]> {
    return this.repo.expireUploads(tx, olderThanMs, PROJECT_MESSAGES.uploadExpired);
  }

  findFile(fileId: string): Promise<ProjectFileEntity | null> {
    return this.repo.findFile(fileId);
  }

  async markFile(
    fileId: string,
    patch: Partial<Pick<ProjectFileEntity, 'kind' | 'status' | 'sha256' | 'probe' | 'warnings' | 'received'>>,
  ): Promise<void> {
    await this.repo.updateFile(fileId, patch);
  }

  /** The probe job's findings about a file: stored, then the project reacts (onFileProbed). */
  async recordProbe(
    file: ProjectFileEntity,
    found: Pick<ProjectFileEntity, 'sha256' | 'probe' | 'warnings' | 'status'>,
  ): Promise<void> {
    await this.repo.updateFile(file.id, found);
    await this.projects.onFileProbed({ ...file, ...found });
  }

  async recordUpload(projectId: string, fileName: string): Promise<void> {
    await this.repo.appendEvent({
      projectId,
      type: 'file_uploaded',
      actor: 'client',
      message: `Uploaded ${fileName}.`,
    });
  }
}
