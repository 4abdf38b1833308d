/**
 * The one way posts are read for responses: a page of posts with their authors in one query,
 * then the categories and tags of that whole page in one more (never one query per post).
 * Public and staff reads differ only in their filters.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BlogPostDto, CategoryDto, PostSeo, PostStatus, TagDto } from '@studio/shared';
import { BLOG, excerptFrom } from '@studio/shared';

export interface PostFilter {
  /** Only posts a visitor may see: published, and their time has come. */
  publicOnly?: boolean;
  status?: PostStatus;
  search?: string;
  categoryId?: number;
  tagId?: number;
  id?: number;
  slug?: string;
}

export interface PostPageQuery extends PostFilter {
  limit: number;
  offset: number;
}

interface PostRow {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  status: PostStatus;
  meta_title: string | null;
  meta_description: string | null;
  focus_keyword: string | null;
  seo: PostSeo | null;
  word_count: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  author_id: number | null;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  profile_image: string | null;
}

interface TermRow {
  post_id: number;
  kind: 'c' | 't';
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface ReadOptions {
  /** Fill an empty excerpt from the content (what readers see); staff editing want the raw value. */
  excerptFallback: boolean;
}

const SELECT = `
  SELECT p.id, p.title, p.slug, p.content, p.excerpt, p.featured_image, p.status, p.meta_title,
         p.meta_description, p.focus_keyword, p.seo, p.word_count, p.published_at, p.created_at,
         p.updated_at, p.author_id, u.username, u.display_name, u.bio, u.profile_image
  FROM blog_posts p LEFT JOIN users u ON u.id = p.author_id`;

const TERMS = `
  SELECT pc.post_id, 'c' AS kind, c.id, c.name, c.slug, c.description, c.parent_id, c.created_at, c.updated_at
  FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = ANY($1)
  UNION ALL
  SELECT pt.post_id, 't' AS kind, t.id, t.name, t.slug, t.description, NULL, t.created_at, t.updated_at
  FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = ANY($1)
  ORDER BY name`;

/** Escapes LIKE wildcards so a search for "100%" means the characters, not a pattern. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "masteri vocal" -> "masteri:* & vocal:*": partly typed words still match through the index. */
export function prefixQuery(term: string): string | null {
  const words =
    term
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

export function buildWhere(filter: PostFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.publicOnly) where.push(`p.status = 'published' AND p.published_at <= now()`);
  if (filter.status) where.push(`p.status = ${p(filter.status)}`);
  if (filter.id !== undefined) where.push(`p.id = ${p(filter.id)}`);
  if (filter.slug !== undefined) where.push(`p.slug = ${p(filter.slug)}`);
  if (filter.categoryId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM post_categories pc WHERE pc.post_id = p.id AND pc.category_id = ${p(filter.categoryId)})`,
    );
  }
  if (filter.tagId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = ${p(filter.tagId)})`,
    );
  }
  const search = filter.search?.trim();
  if (search) {
    const like = p(likePattern(search));
    const prefix = prefixQuery(search);
    const byWords = prefix
      ? `p.search_vector @@ (websearch_to_tsquery('english', ${p(search)}) || to_tsquery('simple', ${p(prefix)})) OR `
      : '';
    // Word search covers title, excerpt and content; LIKE adds matches inside words of the title and excerpt.
    where.push(`(${byWords}p.title ILIKE ${like} OR p.excerpt ILIKE ${like})`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export function readTime(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / BLOG.wordsPerMinute));
}

@Injectable()
export class PostReader {
  constructor(private readonly db: DataSource) {}

  /** One page and the total matching, ordered newest first (by publish time for the public). */
  async page(query: PostPageQuery, options: ReadOptions): Promise<{ posts: BlogPostDto[]; total: number }> {
    const { sql, params } = buildWhere(query);
    const order = query.publicOnly ? 'p.published_at DESC, p.id DESC' : 'p.created_at DESC, p.id DESC';
    const n = params.length;
    const [rows, count] = await Promise.all([
      this.db.query(`${SELECT} ${sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        query.limit,
        query.offset,
      ]) as Promise<PostRow[]>,
      this.db.query(`SELECT count(*)::int AS total FROM blog_posts p ${sql}`, params) as Promise<
        { total: number }[]
      >,
    ]);
    return { posts: await this.hydrate(rows, options), total: count[0]?.total ?? 0 };
  }

  async one(filter: PostFilter, options: ReadOptions): Promise<BlogPostDto | null> {
    const { sql, params } = buildWhere(filter);
    const rows = (await this.db.query(`${SELECT} ${sql} LIMIT 1`, params)) as PostRow[];
    return rows.length ? (await this.hydrate(rows, options))[0] : null;
  }

  /** Slug and last change of public posts, newest first: the sitemap needs nothing more. */
  async publicSlugs(limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
    const rows = (await this.db.query(
      `SELECT slug, updated_at FROM blog_posts p WHERE p.status = 'published' AND p.published_at <= now()
       ORDER BY p.published_at DESC, p.id DESC LIMIT $1`,
      [limit],
    )) as { slug: string; updated_at: Date }[];
    return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
  }

  private async hydrate(rows: PostRow[], options: ReadOptions): Promise<BlogPostDto[]> {
    if (!rows.length) return [];
    const terms = (await this.db.query(TERMS, [rows.map((r) => r.id)])) as TermRow[];
    const categories = new Map<number, CategoryDto[]>();
    const tags = new Map<number, TagDto[]>();
    for (const t of terms) {
      if (t.kind === 'c') {
        const list = categories.get(t.post_id) ?? [];
        list.push({
          id: t.id,
          name: t.name,
          slug: t.slug,
          description: t.description,
          parentId: t.parent_id,
          createdAt: t.created_at.toISOString(),
          updatedAt: t.updated_at.toISOString(),
        });
        categories.set(t.post_id, list);
      } else {
        const list = tags.get(t.post_id) ?? [];
        list.push({
          id: t.id,
          name: t.name,
          slug: t.slug,
          description: t.description,
          createdAt: t.created_at.toISOString(),
          updatedAt: t.updated_at.toISOString(),
        });
        tags.set(t.post_id, list);
      }
    }
    return rows.map((r) => toPostDto(r, categories.get(r.id) ?? [], tags.get(r.id) ?? [], options));
  }
}

function toPostDto(
  r: PostRow,
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
    author:
      r.username === null
        ? null
        : { displayName: r.display_name, username: r.username, bio: r.bio, profileImage: r.profile_image },
    categories,
    tags,
  };
}
