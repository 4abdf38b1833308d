import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** Client routes the site knows; anything else gets the shell with a 404 status. */
const KNOWN_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/(contact|test-contact|test-v2-contact|email-test|admin-email-test|privacy-policy|terms-of-service|auth|account|blog|services|services-checkout|checkout|payment-success|success)\/?$/,
  /^\/blog\/post\/[^/]+\/?$/,
  /^\/section\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];

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

const DESCRIPTION_TAG = /<meta\s+name="description"[^>]*>/i;

/** Serves the shell's index.html for client-side routes, with per-page meta filled in on the server. */
@Injectable()
export class SiteService implements OnModuleInit {
  private readonly logger = new Logger(SiteService.name);
  private template: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get shellDir(): string {
    return join(this.config.webRoot, 'shell', 'dist');
  }

  onModuleInit(): void {
    const file = join(this.shellDir, 'index.html');
    if (existsSync(file)) this.template = readFileSync(file, 'utf8');
    else this.logger.warn(`The front end is not built (${file} is missing): run "npm run build".`);
  }

  isKnownRoute(path: string): boolean {
    return KNOWN_ROUTES.some((r) => r.test(path));
  }

  /** The shell with the brand and optional page meta; null when the front end is not built. */
  render(meta: PageMeta = {}): string | null {
    if (!this.template) return null;
    const siteConfig = JSON.stringify({ name: this.config.siteName, ...meta.siteConfig }).replace(
      /</g,
      '\\u003c',
    );
    let html = this.template;
    if (meta.description !== undefined) {
      const tag = `<meta name="description" content="${escapeHtml(meta.description)}"/>`;
      // A function replacement, so "$&" or "$1" in a description is not read as a pattern.
      html = DESCRIPTION_TAG.test(html)
        ? html.replace(DESCRIPTION_TAG, () => tag)
        : html.replace('</head>', `${tag}</head>`);
    }
    if (meta.title)
      html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title!)}</title>`);
    return html.replace(
      '</head>',
      () =>
        `${meta.head ?? ''}<script id="site-config" type="application/json">${siteConfig}</script></head>`,
    );
  }
}
