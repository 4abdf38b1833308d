/**
 * Who may open a preview or a final file behind a signed URL, and what it opens: the decisions
 * behind /api/media (media.controller.ts only translates them to HTTP).
 *
 * Guarantees:
 * - A URL is checked before anything is read (ReviewUrls): expired, altered or signed for
 *   another portal session is a 403; a client's URL also needs that client's live session.
 * - Final files answer 402 until the balance is paid, whoever holds the URL (checked first).
 * - Every download is recorded (ReviewFinalsService.openDownload).
 * - The ZIP of all final files is built as it is sent (yazl, stored without compression), never
 *   written to a temporary file; names that clash get " (2)", " (3)", … so none is lost. It is
 *   named `{project}-{service}-final.zip`.
 */
import { Injectable } from '@nestjs/common';
import { finalZipName, REVIEW_MESSAGES } from '@studio/shared';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { forbidden } from '../common/errors/app.exception';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewUrls, SignedQuery } from './review-urls';
import { ReviewVersionsService } from './review-versions.service';

type Cookies = Record<string, string | undefined> | undefined;
type Range = { start: number; end: number };

/** A stored file to answer with, byte ranges allowed. */
export interface StoredMedia {
  size: number;
  open: (range?: Range) => Readable;
}

export type Download =
  ({ kind: 'file'; name: string } & StoredMedia) | { kind: 'zip'; name: string; stream: Readable };

@Injectable()
export class MediaService {
  constructor(
    private readonly urls: ReviewUrls,
    private readonly portalAuth: PortalAuthService,
    private readonly versions: ReviewVersionsService,
    private readonly finals: ReviewFinalsService,
  ) {}

  async preview(versionId: string, q: SignedQuery, cookies: Cookies, session: string): Promise<StoredMedia> {
    const who = this.urls.verify(`/api/media/previews/${versionId}`, q, cookies);
    const email = who === 'staff' ? null : await this.portalAuth.emailForSession(session);
    if (who === 'client' && !email) throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const { key, size } = await this.versions.previewFor(versionId, email);
    return { size, open: (range) => this.finals.readStored(key, range) };
  }

  /** One final file, or `fileId` 'all' for the ZIP of every one. */
  async download(
    projectId: string,
    fileId: string,
    q: SignedQuery,
    cookies: Cookies,
    session: string,
  ): Promise<Download> {
    // Before payment every download URL is 402, whoever holds it.
    await this.finals.requirePaidProject(projectId);
    this.urls.verify(`/api/media/downloads/${projectId}/${fileId}`, q, cookies);
    const email = await this.portalAuth.emailForSession(session);
    if (!email) throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const { project, files } = await this.finals.openDownload(projectId, fileId, email);
    if (fileId !== 'all') {
      const f = files[0];
      return {
        kind: 'file',
        name: f.name,
        size: f.size,
        open: (range) => this.finals.readStored(f.id, range),
      };
    }
    const zip = new ZipFile();
    const used = new Set<string>();
    for (const f of files) {
      let name = f.name;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = f.name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      used.add(name.toLowerCase());
      // Audio is already compressed or compresses badly: store, so the ZIP streams at disk speed.
      zip.addReadStream(this.finals.readStored(f.id), name, { compress: false, size: f.size });
    }
    zip.end();
    return { kind: 'zip', name: finalZipName(project), stream: zip.outputStream as Readable };
  }
}
