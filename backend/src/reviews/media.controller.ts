/**
 * Previews and final files behind short-lived signed URLs (ReviewUrls). A client's URL works
 * only with the portal session it was made for; an expired, altered or foreign URL is 403.
 * Final files answer 402 until the balance is paid; the ZIP of all of them is streamed as it is
 * built (yazl), never written to a temporary file, named `{project}-{service}-final.zip`. Every
 * download is recorded.
 */
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finalZipName, REVIEW_MESSAGES } from '@studio/shared';
import { ZipFile } from 'yazl';
import { forbidden } from '../common/errors/app.exception';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ReviewsService } from '../projects/reviews.service';
import { SignedUrlQuery } from './dto/reviews.dto';
import { attachment, PRIVATE_MEDIA, sendRanged, sessionOf } from './http-helpers';

@Controller('api/media')
export class MediaController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly portalAuth: PortalAuthService,
  ) {}

  @Get('previews/:vid')
  async preview(
    @Param('vid') vid: string,
    @Query() q: SignedUrlQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const who = this.reviews.urls.verify(`/api/media/previews/${vid}`, q, req.cookies);
    const email = who === 'staff' ? null : await this.portalAuth.emailForSession(sessionOf(req));
    if (who === 'client' && !email) throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const { key, size } = await this.reviews.previewFor(vid, email);
    return sendRanged(req, reply, size, 'audio/mpeg', (range) => this.reviews.readStored(key, range));
  }

  @Get('downloads/:pid/:fid')
  async download(
    @Param('pid') pid: string,
    @Param('fid') fid: string,
    @Query() q: SignedUrlQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    // Before payment every download URL is 402, whoever holds it.
    await this.reviews.requirePaidProject(pid);
    this.reviews.urls.verify(`/api/media/downloads/${pid}/${fid}`, q, req.cookies);
    const email = await this.portalAuth.emailForSession(sessionOf(req));
    if (!email) throw forbidden(REVIEW_MESSAGES.urlInvalid, 'URL_INVALID');
    const { project, files } = await this.reviews.openDownload(pid, fid, email);
    if (fid !== 'all') {
      const f = files[0];
      return sendRanged(
        req,
        reply,
        f.size,
        'application/octet-stream',
        (range) => this.reviews.readStored(f.id, range),
        {
          'content-disposition': attachment(f.name),
        },
      );
    }
    const zip = new ZipFile();
    const used = new Set<string>();
    for (const f of files) {
      let name = f.name;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = f.name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      used.add(name.toLowerCase());
      // Audio is already compressed or compresses badly: store, so the ZIP streams at disk speed.
      zip.addReadStream(this.reviews.readStored(f.id), name, { compress: false, size: f.size });
    }
    zip.end();
    return reply
      .code(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(finalZipName(project)))
      .header('cache-control', PRIVATE_MEDIA)
      .send(zip.outputStream);
  }
}
