/**
 * The one way posts are read for responses: a page of posts in one query, then the authors,
 * categories and tags of that whole page from their own features' repositories (never one
 * query per post). Public and staff reads differ only in their filters.
 */
import { Injectable } from '@nestjs/common';
import type { BlogPostDto, CategoryDto, PostSeo, TagDto } from '@studio/shared';
import { BLOG, excerptFrom } from '@studio/shared';
import { UsersService } from '../../users/users.service';
import type { AuthorProfile } from '../../users/users.repository';
import { TaxonomyRepository } from '../taxonomy/taxonomy.repository';
import { PostFilter, PostPageQuery, PostRow, PostsRepository } from './posts.repository';

export interface ReadOptions {
  /** Fill an empty excerpt from the content (what readers see); staff editing want the raw value. */
  excerptFallback: boolean;
}

export function readTime(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / BLOG.wordsPerMinute));
}

@Injectable()
export class PostReader {
  constructor(
    private readonly posts: PostsRepository,
    private readonly terms: TaxonomyRepository,
    private readonly users: UsersService,
  ) {}

  /** One page and the total matching, ordered newest first (by publish time for the public). */
  async page(query: PostPageQuery, options: ReadOptions): Promise<{ posts: BlogPostDto[]; total: number }> {
    const { rows, total } = await this.posts.page(query);
    return { posts: await this.hydrate(rows, options), total };
  }

  async one(filter: PostFilter, options: ReadOptions): Promise<BlogPostDto | null> {
    const row = await this.posts.one(filter);
    return row ? (await this.hydrate([row], options))[0] : null;
  }

  /** Slug and last change of public posts, newest first: the sitemap needs nothing more. */
  publicSlugs(limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
    return this.posts.publicSlugs(limit);
  }

  /** The page's categories, tags and authors: three queries for the whole page, whatever its size. */
  private async hydrate(rows: PostRow[], options: ReadOptions): Promise<BlogPostDto[]> {
    if (!rows.length) return [];
    const authorIds = rows.map((r) => r.author_id).filter((id): id is number => id !== null);
    const [links, authors] = await Promise.all([
      this.posts.termLinks(rows.map((r) => r.id)),
      this.users.authorProfiles(authorIds),
    ]);
    const holders = new Map<string, number[]>();
    for (const l of links) {
      const key = `${l.kind}:${l.termId}`;
      holders.set(key, [...(holders.get(key) ?? []), l.postId]);
    }
    const ids = (kind: string) => [...new Set(links.filter((l) => l.kind === kind).map((l) => l.termId))];
    const terms = await this.terms.byIds(ids('category'), ids('tag'));
    const categories = new Map<number, CategoryDto[]>();
    const tags = new Map<number, TagDto[]>();
    // Terms come sorted by name: each post's list keeps that order.
    for (const t of terms) {
      for (const postId of holders.get(`${t.kind}:${t.id}`) ?? []) {
        if (t.kind === 'category') {
          const list = categories.get(postId) ?? [];
          list.push({
            id: t.id,
            name: t.name,
            slug: t.slug,
            description: t.description,
            parentId: t.parent_id ?? null,
            createdAt: t.created_at.toISOString(),
            updatedAt: t.updated_at.toISOString(),
          });
          categories.set(postId, list);
        } else {
          const list = tags.get(postId) ?? [];
          list.push({
            id: t.id,
            name: t.name,
            slug: t.slug,
            description: t.description,
            createdAt: t.created_at.toISOString(),
            updatedAt: t.updated_at.toISOString(),
          });
          tags.set(postId, list);
        }
      }
    }
    return rows.map((r) =>
      toPostDto(
        r,
        r.author_id === null ? null : (authors.get(r.author_id) ?? null),
        categories.get(r.id) ?? [],
        tags.get(r.id) ?? [],
        options,
      ),
    );
  }
}

function toPostDto(
  r: PostRow,
  author: AuthorProfile | null,
  categories: CategoryDto[],
  tags: TagDto[],
  options: ReadOptions,
): BlogPostDto & { seo: PostSeo | null } {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    content: r.content,
    excerpt: r.excerpt || (options.excerptFallback ? excerptFrom(r.content) : null),
    featuredImage: r.featured_image,
    status: r.status,
    metaTitle: r.meta_title || r.title,
    metaDescription: r.meta_description,
    focusKeyword: r.focus_keyword,
    seo: r.seo,
    readTimeMinutes: readTime(r.word_count),
    publishedAt: r.published_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    author: author && {
      displayName: author.displayName,
      username: author.username,
      bio: author.bio,
      profileImage: author.profileImage,
    },
    categories,
    tags,
  };
}
