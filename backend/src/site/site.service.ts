import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchSiteRoute, PRERENDER_TOKENS, siteBrandingFrom } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { HtmlTemplate } from './html-template';

export interface PageMeta {
  title?: string;
  /** Replaces the shell's meta description. */
  description?: string;
  /** Raw HTML for the document head (already escaped by the caller). */
  head?: string;
  /** Public values the front end reads from `#site-config` before its first call (e.g. the blog name). */
  siteConfig?: Record<string, unknown>;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A document the shell's build prerendered (shell/dist/pages/manifest.json). */
interface PrerenderedPage {
  path: string;
  /** Query parameters that change the page: with one of them present, the plain shell is sent. */
  varies: string[];
  /** The document with its per-request stand-ins still in (PRERENDER_TOKENS). */
  template: HtmlTemplate;
}

function readPrerenderedPages(pagesDir: string): PrerenderedPage[] {
  const manifest = JSON.parse(readFileSync(join(pagesDir, 'manifest.json'), 'utf8')) as {
    routes: { path: string; varies: string[]; file: string }[];
  };
  return manifest.routes.map(({ path, varies, file }) => ({
    path,
    varies,
    template: HtmlTemplate.parse(readFileSync(join(pagesDir, file), 'utf8')),
  }));
}

/** Serves the shell's index.html for client-side routes, with per-page meta filled in on the server. */
@Injectable()
export class SiteService implements OnModuleInit {
  private readonly logger = new Logger(SiteService.name);
  private template: HtmlTemplate | null = null;
  private prerendered: PrerenderedPage[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get shellDir(): string {
    return join(this.config.webRoot, 'shell', 'dist');
  }

  onModuleInit(): void {
    const file = join(this.shellDir, 'index.html');
    if (existsSync(file)) this.template = HtmlTemplate.parse(readFileSync(file, 'utf8'));
    else this.logger.warn(`The front end is not built (${file} is missing): run "npm run build".`);
    const pagesDir = join(this.shellDir, 'pages');
    if (this.template && existsSync(join(pagesDir, 'manifest.json'))) {
      try {
        this.prerendered = readPrerenderedPages(pagesDir);
      } catch (err) {
        // The plain shell still serves every page, only its first paint waits for the scripts.
        this.logger.error(`Prerendered pages ignored: ${(err as Error).message}`);
      }
    }
  }

  /** The prerendered document for this URL, when there is one and the query does not change it. */
  private prerenderedFor(url: string): HtmlTemplate | null {
    const { pathname, searchParams } = new URL(url, 'http://site.invalid');
    const page = this.prerendered.find((p) => p.path === pathname);
    if (!page || page.varies.some((name) => searchParams.has(name))) return null;
    return page.template;
  }

  /** A client route of the shared list (the site's router has a page for it); else the shell's 404. */
  isKnownRoute(path: string): boolean {
    return matchSiteRoute(path) !== null;
  }

  /**
   * The shell (or, for `url`, its prerendered document, or `rendered`: a document the server
   * rendered for this request) with the brand and optional page meta; null when the front end
   * is not built.
   */
  render(meta: PageMeta = {}, url = '/', rendered?: string): string | null {
    if (!this.template) return null;
    const injected = { name: this.config.siteName, ...meta.siteConfig };
    const siteConfig = JSON.stringify(injected).replace(/</g, '\\u003c');
    // A document rendered for this request is read like the built ones (only its head is parsed).
    const page = rendered !== undefined ? HtmlTemplate.parse(rendered) : this.prerenderedFor(url);
    // In a prerendered or rendered page, the values the browser will render with, so hydration
    // finds the same text. The stand-ins are plain strings no page text contains by accident.
    const branding = siteBrandingFrom(injected);
    const live = (text: string) =>
      text
        // Function replacers: "Mix $& Master" is inserted as written, not read as a pattern.
        .replaceAll(PRERENDER_TOKENS.siteName, () => escapeHtml(branding.name))
        .replaceAll(PRERENDER_TOKENS.instagramUrl, () => escapeHtml(branding.instagramUrl))
        .replaceAll(PRERENDER_TOKENS.year, () => String(new Date().getFullYear()));
    return (page ?? this.template).render(
      {
        titleHtml: meta.title ? escapeHtml(meta.title) : undefined,
        descriptionTag:
          meta.description !== undefined
            ? `<meta name="description" content="${escapeHtml(meta.description)}"/>`
            : undefined,
        headEnd: `${meta.head ?? ''}<script id="site-config" type="application/json">${siteConfig}</script>`,
      },
      page ? live : undefined,
    );
  }
}
