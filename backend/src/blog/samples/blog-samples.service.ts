/**
 * Sample posts on a first start (issue 28): with SEED_SAMPLES=1 (npm start sets it), a boot on a
 * database whose blog has no post adds SAMPLE_POSTS, published, with their pictures (stored
 * through ImageStore like any upload, so they are served at /uploads with their responsive
 * versions), their categories and their tags, all marked `is_sample`. An admin removes them in
 * one click.
 *
 * Guarantees:
 * - at most once per database: the question is settled in `blog_samples` in the same transaction
 *   that adds the posts, so a restart, a second replica booting alongside, or a database that
 *   already had posts (or had them once and deleted them) never gets samples, and removing them
 *   never brings them back;
 * - all or nothing: the pictures are stored first, the rows in one transaction; a failed or
 *   lost transaction removes the stored pictures again and the boot goes on without samples
 *   (logged, never fatal);
 * - removal takes only what is marked: sample posts, the sample pictures no other post shows,
 *   the sample categories and tags no other post uses; the public cache is cleared in every
 *   process and the removal is audited, like any delete.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { wordCount } from '@studio/shared';
import { AuditService } from '../../audit/audit.service';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { BlogCache } from '../blog-cache';
import { ImageStore, type StoredImage } from '../media/image-store';
import { sanitizePostHtml } from '../posts/post-html';
import { slugFrom } from '../slugs';
import { renderArtwork } from './sample-artwork';
import { SAMPLE_CATEGORIES, SAMPLE_POSTS } from './sample-posts';
import { SamplesRepository } from './samples.repository';

const DAY_MS = 86_400_000;

export interface SamplesRemoval {
  posts: number;
  images: number;
  terms: number;
}

@Injectable()
export class BlogSamplesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BlogSamplesService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly samples: SamplesRepository,
    private readonly images: ImageStore,
    private readonly cache: BlogCache,
    private readonly audit: AuditService,
  ) {}

  /** Runs after migrations; a worker serves no pages and leaves this to the API processes. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedSamples || this.config.role === 'worker') return;
    try {
      const added = await this.seedIfEmpty();
      if (added) this.logger.log(`Added ${added} sample posts to the empty blog`);
    } catch (err) {
      this.logger.warn(`The sample posts were not added: ${(err as Error).message}`);
    }
  }

  /** Adds the sample posts when this database never settled the question and has no post; their count, else 0. */
  async seedIfEmpty(now = new Date()): Promise<number> {
    if (await this.samples.settled()) return 0;
    if (await this.samples.anyPost()) {
      // Settled without drawing a picture: this blog never gets samples, even once it is empty.
      await this.db.transaction((tx) => this.samples.claim(tx));
      return 0;
    }
    const stored: StoredImage[] = [];
    let added = 0;
    try {
      for (const post of SAMPLE_POSTS) stored.push(await this.images.save(await renderArtwork(post.artwork)));
      await this.db.transaction(async (tx) => {
        if (!(await this.samples.claim(tx))) return;
        const termIds = new Map<string, number>();
        const termId = async (kind: 'category' | 'tag', name: string) => {
          const key = `${kind}:${name}`;
          if (!termIds.has(key)) {
            const description = kind === 'category' ? (SAMPLE_CATEGORIES[name] ?? null) : null;
            termIds.set(key, await this.samples.term(tx, kind, name, slugFrom(name, kind), description));
          }
          return termIds.get(key)!;
        };
        // Oldest first, so the admin list (newest created first) shows them in the blog's order.
        for (const [i, post] of [...SAMPLE_POSTS.entries()].reverse()) {
          const image = stored[i];
          await this.samples.insertMedia(tx, {
            fileName: image.fileName,
            fileType: image.mimeType,
            fileSize: image.size,
            altText: post.artwork.alt,
          });
          const content = sanitizePostHtml(post.content);
          await this.samples.insertPost(tx, {
            title: post.title,
            slug: slugFrom(post.title, 'post'),
            content,
            excerpt: post.excerpt,
            featuredImage: image.fileName,
            wordCount: wordCount(content),
            publishedAt: new Date(now.getTime() - post.daysAgo * DAY_MS),
            categoryIds: [await termId('category', post.category)],
            tagIds: await Promise.all(post.tags.map((tag) => termId('tag', tag))),
          });
        }
        added = SAMPLE_POSTS.length;
      });
    } finally {
      if (!added) await Promise.all(stored.map((s) => this.images.remove(s.fileName).catch(() => undefined)));
    }
    if (added) this.cache.invalidate();
    return added;
  }

  count(): Promise<number> {
    return this.samples.count();
  }

  /** Removes every sample post with what only they used; idempotent (a second call removes nothing). */
  async remove(): Promise<SamplesRemoval> {
    const removed = await this.db.transaction((tx) => this.samples.remove(tx));
    this.cache.invalidate();
    await Promise.all(
      removed.fileNames.map((name) =>
        this.images
          .remove(name)
          .catch((err: Error) => this.logger.warn(`Could not remove sample image ${name}: ${err.message}`)),
      ),
    );
    const result = { posts: removed.posts.length, images: removed.fileNames.length, terms: removed.terms };
    if (result.posts || result.images || result.terms) {
      await this.audit.record({
        action: 'post.samples_remove',
        targetType: 'post',
        summary: `Removed the ${result.posts} sample posts`,
        before: { posts: removed.posts.map((p) => p.title), images: result.images, terms: result.terms },
      });
    }
    return result;
  }
}
