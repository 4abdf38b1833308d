/**
 * What readers and crawlers get: published posts whose time has come. Answers are cached
 * (BlogCache) and list pages and single posts are kept as ready JSON text, because the same
 * few questions arrive again and again and the response bytes never differ between readers.
 */
import { Injectable } from '@nestjs/common';
import type { BlogPostDto, CategoryDto, PostListResponse, TagDto } from '@studio/shared';
import { totalPagesFor } from '@studio/shared';
import { notFound } from '../../common/errors/app.exception';
import { BlogCache } from '../blog-cache';
import { TaxonomyService } from '../taxonomy/taxonomy.service';
import { DEFAULT_PUBLIC_PAGE_SIZE } from './dto/post-query.dto';
import { PostReader } from './post-reader';
import { PublicPostQuery } from './public-query';

const READER_VIEW = { excerptFallback: true };
/** Cache weight of ready JSON text (UTF-16 in memory). */
const byLength = (json: string | null) => (json ? json.length * 2 : 0);

@Injectable()
export class PublicPostsService {
  constructor(
    private readonly reader: PostReader,
    private readonly taxonomy: TaxonomyService,
    private readonly cache: BlogCache,
  ) {}

  async list(q: PublicPostQuery): Promise<PostListResponse> {
    const limit = q.limit ?? DEFAULT_PUBLIC_PAGE_SIZE;
    const offset = q.offset ?? 0;
    const { posts, total } = await this.reader.page(
      { publicOnly: true, limit, offset, search: q.search, categoryId: q.categoryId, tagId: q.tagId },
      READER_VIEW,
    );
    return { success: true, posts, total, page: { limit, offset, totalPages: totalPagesFor(total, limit) } };
  }

  /** The list response as JSON text, cached per distinct question. */
  listJson(q: PublicPostQuery): Promise<string> {
    const key = `list:${q.limit ?? ''}:${q.offset ?? ''}:${q.categoryId ?? ''}:${q.tagId ?? ''}:${q.search?.toLowerCase() ?? ''}`;
    return this.cache.get(key, async () => JSON.stringify(await this.list(q)), byLength);
  }

  /** A published post by slug, or null. */
  bySlug(slug: string): Promise<BlogPostDto | null> {
    return this.cache.get(
      `post:${slug}`,
      () => this.reader.one({ publicOnly: true, slug }, READER_VIEW),
      (post) => (post ? post.content.length * 2 : 0),
    );
  }

  /** `{ success, post }` as JSON text; 404 in the error shape when there is no such public post. */
  async postJson(slug: string): Promise<string> {
    const json = await this.cache.get(
      `post-json:${slug}`,
      async () => {
        const post = await this.bySlug(slug);
        return post ? JSON.stringify({ success: true, post }) : null;
      },
      byLength,
    );
    if (json === null) throw notFound('Post not found', 'POST_NOT_FOUND');
    return json;
  }

  categories(): Promise<CategoryDto[]> {
    return this.cache.get('categories', () => this.taxonomy.listCategories(true));
  }

  tags(): Promise<TagDto[]> {
    return this.cache.get('tags', () => this.taxonomy.listTags(true));
  }

  /** Newest published posts first, for the feed and the sitemap. */
  async latest(limit: number): Promise<BlogPostDto[]> {
    return this.cache.get(
      `latest:${limit}`,
      async () => (await this.reader.page({ publicOnly: true, limit, offset: 0 }, READER_VIEW)).posts,
      (posts) => posts.reduce((sum, p) => sum + p.content.length * 2, 0),
    );
  }

  /** Slug and last change of every public post (for the sitemap), newest first. */
  sitemapEntries(max: number): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.cache.get(
      `sitemap:${max}`,
      () => this.reader.publicSlugs(max),
      (rows) => rows.length * 200,
    );
  }
}
