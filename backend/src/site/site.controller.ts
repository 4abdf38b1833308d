import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../common/errors/app.exception';
import { SiteService } from './site.service';

/**
 * The catch-all GET: the shell for client routes (the router inside decides what to show),
 * the one JSON 404 for unknown API paths. Registered last by Fastify's router (wildcard).
 */
@Controller()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get('*')
  shell(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/') || path.startsWith('/remotes/') || path.startsWith('/assets/')) {
      throw notFound('Not found.');
    }
    const html = this.site.render();
    if (!html) {
      void reply.status(503).type('text/plain; charset=utf-8').send('The front end is not built yet. Run "npm run build" and restart.');
      return;
    }
    void reply
      .status(this.site.isKnownRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }
}
