/**
 * Previews and final files behind short-lived signed URLs, over HTTP: byte ranges, private
 * caching and attachment names. Who may open what, and the streamed ZIP, are MediaService's.
 */
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignedUrlQuery } from './dto/reviews.dto';
import { attachment, continuesDownload, PRIVATE_MEDIA, sendRanged, sessionOf } from './http-helpers';
import { MediaService } from './media.service';

@Controller('api/media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('previews/:vid')
  async preview(
    @Param('vid') vid: string,
    @Query() q: SignedUrlQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const { size, open } = await this.media.preview(vid, q, req.cookies, sessionOf(req));
    return sendRanged(req, reply, size, 'audio/mpeg', open);
  }

  @Get('downloads/:pid/:fid')
  async download(
    @Param('pid') pid: string,
    @Param('fid') fid: string,
    @Query() q: SignedUrlQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const download = await this.media.download(
      pid,
      fid,
      q,
      req.cookies,
      sessionOf(req),
      continuesDownload(req),
    );
    if (download.kind === 'file')
      return sendRanged(req, reply, download.size, 'application/octet-stream', download.open, {
        'content-disposition': attachment(download.name),
      });
    return reply
      .code(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(download.name))
      .header('cache-control', PRIVATE_MEDIA)
      .send(download.stream);
  }
}
