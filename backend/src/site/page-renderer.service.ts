/**
 * Renders the blog's pages (/blog with its filters, /blog/post/{slug}) on the server, with their
 * data, from the same React components the site remote hydrates: the shell's build compiles the
 * site for Node into shell/dist/server/prerender.js, whose `renderPage` is called here, and
 * writes the document each page goes into (shell/dist/pages/rendered-*.html).
 *
 * - The page's API reads are answered in-process through Fastify's `inject`, so they are the
 *   exact bytes the browser would get from the API (and go through the same hooks and cache).
 * - A rendered page is kept in BlogCache per path and blog parameters: every blog write in any
 *   process clears it (Redis pub/sub), as it clears the API's own answers.
 * - Without a build, or if the bundle fails, a page falls back to the plain shell: the site still
 *   works, only its first paint waits for the scripts.
 */
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PORTAL } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { BlogCache } from '../blog/blog-cache';
import { jsonForScript } from './seo';
import { loggedUrl, redactSecrets } from '../common/logging/logged-url';

/** The marker shell/scripts/prerender.mjs leaves inside #root of a per-request page's document. */
export const SSR_OUTLET = '<!--ssr-outlet-->';
/** The only query parameters a server-rendered page reads (use-blog-filters.ts). */
const PAGE_PARAMS = ['page', 'search', 'category', 'tag'];

type LoadJson = (path: string) => Promise<{ status: number; body: unknown }>;

/** What shell/dist/server/prerender.js exports for per-request pages. */
interface RenderBundle {
  renderPage(url: string, load: LoadJson): Promise<{ status: number; html: string; state: unknown } | null>;
}

interface RenderedRoute {
  pattern: RegExp;
  template: string;
  /** One visitor's page (a payment link): rendered for each request and never kept. */
  private: boolean;
}

/** Who asked for a private page. */
export interface PageVisitor {
  ip: string;
  /** The visitor's portal session cookie, if any. */
  portalSession?: string;
}

export interface RenderedDocument {
  status: number;
  /** The whole document, with the page's markup and the data it was rendered from. */
  html: string;
  /** Holds one visitor's data: no shared cache may keep it. */
  private?: boolean;
}

@Injectable()
export class PageRendererService implements OnModuleInit {
  private readonly logger = new Logger(PageRendererService.name);
  private bundle: RenderBundle | null = null;
  private routes: RenderedRoute[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly host: HttpAdapterHost,
    private readonly cache: BlogCache,
  ) {}

  onModuleInit(): void {
    const dist = join(this.config.webRoot, 'shell', 'dist');
    const manifestFile = join(dist, 'pages', 'manifest.json');
    const bundleFile = join(dist, 'server', 'prerender.js');
    if (!existsSync(manifestFile) || !existsSync(bundleFile)) return;
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
        rendered?: { pattern: string; file: string; private?: boolean }[];
      };
      this.routes = (manifest.rendered ?? []).map(({ pattern, file, private: isPrivate = false }) => ({
        pattern: new RegExp(pattern),
        private: isPrivate,
        template: readFileSync(join(dist, 'pages', file), 'utf8'),
      }));
      if (this.routes.some((r) => !r.template.includes(SSR_OUTLET)))
        throw new Error(`a rendered page's document has no ${SSR_OUTLET}`);
      this.bundle = createRequire(__filename)(bundleFile) as RenderBundle;
    } catch (err) {
      this.routes = [];
      this.logger.error(`Server rendering is off: ${(err as Error).message}`);
    }
  }

  /** True when `path` is a page this service renders (and the build to render it is there). */
  handles(path: string): boolean {
    return this.bundle !== null && this.routes.some((r) => r.pattern.test(path));
  }

  /**
   * The rendered document for `url` (path and query), or null when the path is not a
   * server-rendered page or rendering failed (the caller sends the plain shell instead).
   * `visitor` is who asked: a private page's reads are made from the visitor's address (they
   * count against the visitor's rate limits, not the server's) and with the visitor's portal
   * session cookie, the only credential forwarded (a staff login is never used for them: staff
   * get the page's loading document and their browser reads as usual).
   */
  async render(url: string, visitor?: PageVisitor): Promise<RenderedDocument | null> {
    const { pathname, searchParams } = new URL(url, 'http://site.invalid');
    const route = this.bundle ? this.routes.find((r) => r.pattern.test(pathname)) : undefined;
    if (!route) return null;
    if (route.private) {
      try {
        const doc = await this.renderNow(url, route.template, visitor);
        return doc && { ...doc, private: true };
      } catch (err) {
        // An unknown or spent link, a rate limit: the page's own loading and error states answer.
        // The path and the message may hold the link's token: both are logged redacted.
        // A signed-out visitor (401) or a spent link (410) is the expected case: not a warning.
        const status = (err as { status?: unknown }).status;
        const message = `Rendering ${loggedUrl(pathname)} failed: ${redactSecrets((err as Error).message)}`;
        if (typeof status === 'number' && status < 500) this.logger.debug(message);
        else this.logger.warn(message);
        return null;
      }
    }
    // Parameters the page does not read (utm_source and the like) share one entry.
    const kept = new URLSearchParams();
    for (const name of PAGE_PARAMS) {
      const value = searchParams.get(name);
      if (value !== null) kept.set(name, value);
    }
    const query = kept.toString();
    const pageUrl = query ? `${pathname}?${query}` : pathname;
    try {
      return await this.cache.get(
        `page:${pageUrl}`,
        () => this.renderNow(pageUrl, route.template),
        (doc) => (doc ? doc.html.length * 2 : 0),
      );
    } catch (err) {
      this.logger.error(`Rendering ${loggedUrl(pageUrl)} failed: ${redactSecrets((err as Error).message)}`);
      return null;
    }
  }

  private async renderNow(
    url: string,
    template: string,
    visitor?: PageVisitor,
  ): Promise<RenderedDocument | null> {
    const page = await this.bundle!.renderPage(url, this.loader(visitor));
    if (!page) return null;
    const data = `<script id="query-state" type="application/json">${jsonForScript(page.state)}</script>`;
    const html = template.replace(SSR_OUTLET, () => page.html).replace('</body>', () => `${data}</body>`);
    return { status: page.status, html };
  }

  /** GETs of API paths through the whole Fastify pipeline, without a socket (as `visitor` when given). */
  private loader(visitor?: PageVisitor): LoadJson {
    const headers: Record<string, string> = {};
    if (visitor?.portalSession)
      headers.cookie = `${PORTAL.cookieName}=${encodeURIComponent(visitor.portalSession)}`;
    return async (path) => {
      const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
      const res = await fastify.inject({
        method: 'GET',
        url: path,
        headers,
        ...(visitor ? { remoteAddress: visitor.ip } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
  }
}
