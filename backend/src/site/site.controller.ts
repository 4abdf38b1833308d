import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL } from '@studio/shared';
import { notFound } from '../common/errors/app.exception';
import { etagOf, notModified, PUBLIC_PAGE_CACHE } from '../common/http-cache';
import { PageRendererService } from './page-renderer.service';
import { SiteFeedsService } from './site-feeds.service';
import { SitePagesService } from './site-pages.service';
import { SiteService } from './site.service';

/**
 * `reply.compress` comes from @fastify/compress (registered in create-app.ts). Its type
 * augmentation cannot reach the fastify the backend pins (installed under backend/node_modules).
 */
type CompressingReply = FastifyReply & { compress(payload: string): void };

/** Feeds may be a few minutes old; crawlers and readers poll them often. */
const FEED_CACHE = 'public, max-age=300';

/**
 * The catch-all GET: the shell for client routes (the router inside decides what to show),
 * the one JSON 404 for unknown API paths. Registered last by Fastify's router (wildcard).
 * Also the files crawlers and feed readers ask for: sitemap, RSS feed, robots.txt.
 */
@ApiExcludeController() // pages and feeds for browsers and crawlers, not the JSON API
@Controller()
export class SiteController {
  constructor(
    private readonly site: SiteService,
    private readonly pages: SitePagesService,
    private readonly feeds: SiteFeedsService,
    private readonly renderer: PageRendererService,
  ) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', FEED_CACHE)
  sitemap(): Promise<string> {
    return this.feeds.sitemap();
  }

  @Get('rss.xml')
  @Header('content-type', 'application/rss+xml; charset=utf-8')
  @Header('cache-control', FEED_CACHE)
  rss(): Promise<string> {
    return this.feeds.rss();
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', FEED_CACHE)
  robots(): string {
    return this.feeds.robots();
  }

  @Get('*')
  async shell(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = req.url.split('?')[0];
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      path.startsWith('/uploads/') ||
      path.startsWith('/remotes/') ||
      path.startsWith('/assets/')
    ) {
      throw notFound('Not found.');
    }
    const [{ status, meta }, rendered] = await Promise.all([
      this.pages.page(path),
      // The blog's pages, rendered with their data (null for every other page, or on failure).
      this.renderer.handles(path)
        ? this.renderer.render(req.url, { ip: req.ip, portalSession: req.cookies?.[PORTAL.cookieName] })
        : null,
    ]);
    const html = this.site.render(meta, req.url, rendered?.html);
    if (!html) {
      void reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The front end is not built yet. Run "npm run build" and restart.');
      return;
    }
    const page = reply as CompressingReply;
    page.type('text/html; charset=utf-8');
    if (rendered?.private) {
      // One client's balance: no shared cache keeps it, and a later visit asks again.
      page.header('cache-control', 'no-store').status(rendered.status);
    } else if (rendered) {
      // The same HTML for every visitor (who is signed in is only known to the scripts), so a CDN
      // may keep it; browsers revalidate it with the ETag.
      const etag = etagOf(html);
      page.header('cache-control', PUBLIC_PAGE_CACHE).header('etag', etag);
      if (notModified(req.headers['if-none-match'], etag)) {
        void page.status(304).send();
        return;
      }
      page.status(rendered.status);
    } else {
      page.status(status).header('cache-control', 'no-cache');
    }
    page.compress(html);
  }
}
