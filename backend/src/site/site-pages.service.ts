/**
 * Decides, for a GET of a client route, the status and head meta the shell is served with:
 * blog posts get their article meta (or a 404 when not public); every other route of the shared
 * SITE_ROUTES its own title with the site's name and description from the settings (and
 * `noindex` for the private ones: a client's project, a payment link, sign-in steps); unknown
 * paths a 404.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BLOG, matchSiteRoute, NOT_FOUND_TITLE } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { BlogCache } from '../blog/blog-cache';
import { ImageStore } from '../blog/media/image-store';
import { PublicPostsService } from '../blog/posts/public-posts.service';
import { SettingsService } from '../settings/settings.service';
import { rssXml, robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './feeds';
import { HeadMeta, notFoundMeta, pageMeta, postMeta } from './seo';
import { PageMeta, SiteService } from './site.service';
import { loggedUrl, redactSecrets } from '../common/logging/logged-url';

const POST_PATH = /^\/blog\/post\/([^/]+)\/?$/;

export interface PageAnswer {
  status: number;
  meta: PageMeta;
}

@Injectable()
export class SitePagesService {
  private readonly logger = new Logger(SitePagesService.name);

  constructor(
    private readonly site: SiteService,
    private readonly posts: PublicPostsService,
    private readonly settings: SettingsService,
    private readonly cache: BlogCache,
    private readonly images: ImageStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Never fails: without the database the shell still loads, only without page meta. */
  async page(path: string): Promise<PageAnswer> {
    try {
      return await this.pageWithMeta(path);
    } catch (err) {
      this.logger.error(`Page meta for ${loggedUrl(path)} failed: ${redactSecrets((err as Error).message)}`);
      return { status: this.site.isKnownRoute(path) ? 200 : 404, meta: {} };
    }
  }

  private async pageWithMeta(path: string): Promise<PageAnswer> {
    const settings = await this.settings.get();
    // The footer's Instagram link follows the one saved in Settings (the site's default otherwise).
    const siteConfig = { name: settings.blogName, instagramUrl: settings.socialLinks.instagram ?? undefined };
    const answer = (status: number, head: HeadMeta): PageAnswer => ({
      status,
      meta: { ...head, siteConfig },
    });

    const postMatch = POST_PATH.exec(path);
    if (postMatch) {
      const slug = safeDecode(postMatch[1]);
      const post = slug === null ? null : await this.posts.bySlug(slug);
      return post
        ? answer(
            200,
            postMeta(post, settings, this.config.publicUrl, this.images.shareImageOf(post.featuredImage)),
          )
        : answer(404, notFoundMeta(settings, 'Post Not Found'));
    }
    const known = matchSiteRoute(path);
    if (!known) return answer(404, notFoundMeta(settings, NOT_FOUND_TITLE));
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const { title, noindex } = known.route;
    return answer(
      200,
      pageMeta(
        settings,
        this.config.publicUrl,
        clean,
        title ? `${title} | ${settings.blogName}` : settings.blogName,
        {
          noindex,
        },
      ),
    );
  }

  /** Cached like the posts it lists (cleared by every blog write); a megabyte for 10,000 posts. */
  sitemap(): Promise<string> {
    return this.cache.get(
      'sitemap.xml',
      async () => sitemapXml(this.config.publicUrl, await this.posts.sitemapEntries(SITEMAP_MAX_URLS)),
      (xml) => xml.length * 2,
    );
  }

  async rss(): Promise<string> {
    const settings = await this.settings.get();
    // The channel shows the blog's name and description, so they are part of the key.
    return this.cache.get(
      `rss.xml:${settings.blogName}:${settings.siteDescription}`,
      async () => rssXml(this.config.publicUrl, settings, await this.posts.latest(BLOG.rssItems)),
      (xml) => xml.length * 2,
    );
  }

  robots(): string {
    return robotsTxt(this.config.publicUrl);
  }
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
