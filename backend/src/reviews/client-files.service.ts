/**
 * The files a client sent, in staff hands: one at a time or all as one ZIP.
 *
 * Guarantees:
 * - Admins only (the controller's guard); a project or file that does not exist, or a file of
 *   another project, is the same 404.
 * - Only files that arrived whole and passed the type check are offered (not uploads in flight,
 *   not refused ones), byte for byte as stored, from either storage back end.
 * - Nothing is copied or held in memory: a file streams from storage (byte ranges allowed), the
 *   ZIP is built as it is sent (zip-stream.ts, names made unique).
 * - Every download is on the project's timeline: who, and which files. A later byte range of a
 *   download already recorded is not recorded again.
 */
import { Injectable } from '@nestjs/common';
import { clientFilesZipName, PROJECT_MESSAGES } from '@studio/shared';
import type { Readable } from 'node:stream';
import { notFound } from '../common/errors/app.exception';
import type { ProjectFileEntity } from '../projects/entities/project-file.entity';
import { ProjectsRepository } from '../projects/projects.repository';
import { ProjectsService, Staff } from '../projects/projects.service';
import type { StoredMedia } from './media.service';
import { ReviewFiles } from './review-files';
import { zipStream } from './zip-stream';

const fileNotFound = () => notFound(PROJECT_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');

const downloadable = (f: ProjectFileEntity) =>
  (f.status === 'stored' || f.status === 'probed') && f.kind !== null;

@Injectable()
export class ClientFilesService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly repo: ProjectsRepository,
    private readonly files: ReviewFiles,
  ) {}

  async file(
    projectId: string,
    fileId: string,
    staff: Staff,
    continued: boolean,
  ): Promise<StoredMedia & { name: string }> {
    await this.projects.requireAny(projectId);
    const file = await this.repo.findFile(fileId);
    if (!file || file.projectId !== projectId || !downloadable(file)) throw fileNotFound();
    if (!continued)
      await this.projects.recordDownload(projectId, { actor: 'staff', name: staff.name }, [file.name], false);
    return {
      name: file.name,
      size: Number(file.size),
      open: (range) => this.files.read(file.id, range),
    };
  }

  async zip(projectId: string, staff: Staff): Promise<{ name: string; stream: Readable }> {
    const project = await this.projects.requireAny(projectId);
    const files = (await this.repo.files(projectId)).filter(downloadable);
    if (!files.length) throw fileNotFound();
    await this.projects.recordDownload(
      projectId,
      { actor: 'staff', name: staff.name },
      files.map((f) => f.name),
      true,
    );
    const stream = zipStream(
      files.map((f) => ({ name: f.name, size: Number(f.size), open: () => this.files.read(f.id) })),
    );
    return { name: clientFilesZipName(project), stream };
  }
}
