/**
 * The files crawlers and feed readers ask for: sitemap.xml and rss.xml, built from the public
 * posts and cached with them (every blog write clears the cache), and robots.txt.
 */
import { Inject, Injectable } from '@nestjs/common';
import { BLOG } from '@studio/shared';
import { BlogCache } from '../blog/blog-cache';
import { PublicPostsService } from '../blog/posts/public-posts.service';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { SettingsService } from '../settings/settings.service';
import { rssXml, robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './feeds';

@Injectable()
export class SiteFeedsService {
  constructor(
    private readonly posts: PublicPostsService,
    private readonly settings: SettingsService,
    private readonly cache: BlogCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
