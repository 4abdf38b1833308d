/**
 * Who may open a preview or a final file behind a signed URL, and what it opens: the decisions
 * behind /api/media (media.controller.ts only translates them to HTTP).
 *
 * Guarantees:
 * - A URL is checked before anything is looked up (ReviewUrls): expired, altered, made up, or
 *   signed for another portal or staff session is the same 403, whatever it names, so a URL
 *   tells nothing about projects, versions or payments to anyone it was not made for.
 * - Then the session it is bound to must still be live: the client's portal session, or the
 *   admin's session named by the staff preview pass (StaffPreviewPass); else the same 403.
 * - Final files answer 402 until the balance is paid, to the holder of a good URL.
 * - Every download is recorded (ReviewFinalsService.openDownload).
 * - The ZIP of all final files is built as it is sent (zip-stream.ts: never a temporary file,
 *   names made unique). It is named `{project}-{service}-final.zip`.
 */
import { Injectable } from '@nestjs/common';
import { finalZipName, REVIEW, REVIEW_MESSAGES } from '@studio/shared';
import type { Readable } from 'node:stream';
import { forbidden } from '../common/errors/app.exception';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewUrls, SignedQuery } from './review-urls';
import { ReviewVersionsService } from './review-versions.service';
import { StaffPreviewPass } from './staff-preview-pass';
import { zipStream } from './zip-stream';

type Cookies = Record<string, string | undefined> | undefined;
type Range = { start: number; end: number };

/** A stored file to answer with, byte ranges allowed. */
export interface StoredMedia {
  size: number;
  open: (range?: Range) => Readable;
}

export type Download =
  ({ kind: 'file'; name: string } & StoredMedia) | { kind: 'zip'; name: string; stream: Readable };

const urlInvalid = () => forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');

@Injectable()
export class MediaService {
  constructor(
    private readonly urls: ReviewUrls,
    private readonly portalAuth: PortalAuthService,
    private readonly versions: ReviewVersionsService,
    private readonly finals: ReviewFinalsService,
    private readonly staffPass: StaffPreviewPass,
  ) {}

  async preview(versionId: string, q: SignedQuery, cookies: Cookies, session: string): Promise<StoredMedia> {
    const pass = q.for === 'staff' ? await this.staffPass.read(cookies?.[REVIEW.staffPreviewCookie]) : null;
    const who = this.urls.verify(`/api/media/previews/${versionId}`, q, {
      session: session || undefined,
      staffSession: pass?.sid,
    });
    // The URL is ours and this browser's: only now is anything looked up.
    let email: string | null = null;
    if (who === 'staff') {
      if (!pass || !(await this.staffPass.isLive(pass))) throw urlInvalid();
    } else {
      email = await this.portalAuth.emailForSession(session);
      if (!email) throw urlInvalid();
    }
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
    continued = false,
  ): Promise<Download> {
    // The URL first (no look-up before it), then the session it is bound to, then the payment.
    if (
      this.urls.verify(`/api/media/downloads/${projectId}/${fileId}`, q, {
        session: session || undefined,
      }) !== 'client'
    )
      throw urlInvalid();
    const email = await this.portalAuth.emailForSession(session);
    if (!email) throw urlInvalid();
    await this.finals.requirePaidProject(projectId);
    const { project, files } = await this.finals.openDownload(projectId, fileId, email, continued);
    if (fileId !== 'all') {
      const f = files[0];
      return {
        kind: 'file',
        name: f.name,
        size: f.size,
        open: (range) => this.finals.readStored(f.id, range),
      };
    }
    const stream = zipStream(
      files.map((f) => ({ name: f.name, size: f.size, open: () => this.finals.readStored(f.id) })),
    );
    return { kind: 'zip', name: finalZipName(project), stream };
  }
}
