import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRERENDER_TOKENS, siteBrandingFrom } from '@studio/shared';
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

/**
 * A private page's loading-state document (PRELOADED_ROUTES in shell/src/prerender.tsx): sent for
 * every path of its route, with the page's API reads preloaded for that path.
 */
interface PreloadedPage {
  pattern: RegExp;
  /** The route's parameter names, in the order `pattern` captures them. */
  params: string[];
  /** API paths with `:name` parameters. */
  reads: string[];
  template: HtmlTemplate;
}

function readPreloadedPages(pagesDir: string): PreloadedPage[] {
  const manifest = JSON.parse(readFileSync(join(pagesDir, 'manifest.json'), 'utf8')) as {
    preloaded?: { route: string; reads: string[]; file: string }[];
  };
  return (manifest.preloaded ?? []).map(({ route, reads, file }) => {
    const params: string[] = [];
    const source = route
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return {
      pattern: new RegExp(`^${source}/?$`),
      params,
      reads,
      template: HtmlTemplate.parse(readFileSync(join(pagesDir, file), 'utf8')),
    };
  });
}

/**
 * `<link rel="preload">` tags for a private page's reads at `pathname`: the same URLs the page's
 * fetches ask for (each parameter decoded as the router does, then encoded again), with
 * credentials as those fetches send them, so the browser hands the preloaded answers over.
 */
function preloadLinks(page: PreloadedPage, pathname: string): string | null {
  const match = page.pattern.exec(pathname);
  if (!match) return null;
  const values = new Map<string, string>();
  for (const [i, name] of page.params.entries()) {
    try {
      values.set(name, encodeURIComponent(decodeURIComponent(match[i + 1])));
    } catch {
      return ''; // a malformed escape: the page reports it; nothing to preload
    }
  }
  return page.reads
    .map((read) => read.replace(/:([A-Za-z]+)/g, (_, name: string) => values.get(name) ?? ''))
    .map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}">`)
    .join('');
}

/** Serves the shell's index.html for client-side routes, with per-page meta filled in on the server. */
@Injectable()
export class SiteService implements OnModuleInit {
  private readonly logger = new Logger(SiteService.name);
  private template: HtmlTemplate | null = null;
  private prerendered: PrerenderedPage[] = [];
  private preloaded: PreloadedPage[] = [];

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
        this.preloaded = readPreloadedPages(pagesDir);
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

  /** A private page's document for this URL with its reads' preload tags, when there is one. */
  private preloadedFor(url: string): { template: HtmlTemplate; links: string } | null {
    const { pathname } = new URL(url, 'http://site.invalid');
    for (const page of this.preloaded) {
      const links = preloadLinks(page, pathname);
      if (links !== null) return { template: page.template, links };
    }
    return null;
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
    const built = rendered !== undefined ? HtmlTemplate.parse(rendered) : this.prerenderedFor(url);
    const preloaded = built ? null : this.preloadedFor(url);
    const page = built ?? preloaded?.template ?? null;
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
        headEnd: `${preloaded?.links ?? ''}${meta.head ?? ''}<script id="site-config" type="application/json">${siteConfig}</script>`,
      },
      page ? live : undefined,
    );
  }
}
