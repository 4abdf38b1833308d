/**
 * Decides, for a GET of a client route, the status and head meta the shell is served with:
 * blog posts get their article meta (or a 404 when not public); every other route of the shared
 * SITE_ROUTES its own title with the site's name and description from the settings (and
 * `noindex` for the private ones: a client's project, a payment link, sign-in steps); unknown
 * paths a 404. The feeds beside the pages are SiteFeedsService's.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { matchSiteRoute, NOT_FOUND_TITLE } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ImageStore } from '../blog/media/image-store';
import { PublicPostsService } from '../blog/posts/public-posts.service';
import { SettingsService } from '../settings/settings.service';
import { HeadMeta, notFoundMeta, pageMeta, postMeta } from './seo';
import type { PageMeta } from './site.service';
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
    private readonly posts: PublicPostsService,
    private readonly settings: SettingsService,
    private readonly images: ImageStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Never fails: without the database the shell still loads, only without page meta. */
  async page(path: string): Promise<PageAnswer> {
    try {
      return await this.pageWithMeta(path);
    } catch (err) {
      this.logger.error(`Page meta for ${loggedUrl(path)} failed: ${redactSecrets((err as Error).message)}`);
      return { status: matchSiteRoute(path) ? 200 : 404, meta: {} };
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
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
