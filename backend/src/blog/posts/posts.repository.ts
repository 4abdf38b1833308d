/**
 * Every query on `blog_posts` and on a post's links to its categories and tags
 * (`post_categories`, `post_tags`). Other blog features reach posts through these methods:
 * comments ask for a public post's id, media clears a featured image, taxonomy counts posts.
 * `PUBLIC_POST` is the one definition of "a visitor may see this post".
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PostSeo, PostStatus } from '@studio/shared';
import { likePattern } from '../../common/admin-list.query';
import { BlogPostEntity } from '../entities/blog-post.entity';
import { uniqueSlug } from '../slug.repository';

/** Published, and its time has come (a future `published_at` is a scheduled post). */
const PUBLIC_POST = `p.status = 'published' AND p.published_at <= now()`;

export type TermKind = 'category' | 'tag';

const LINKS = {
  category: { table: 'post_categories', column: 'category_id' },
  tag: { table: 'post_tags', column: 'tag_id' },
} as const;

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

export interface PostRow {
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
}

/** Which category or tag a post is linked to. */
export interface TermLink {
  postId: number;
  kind: TermKind;
  termId: number;
}

const SELECT = `
  SELECT p.id, p.title, p.slug, p.content, p.excerpt, p.featured_image, p.status, p.meta_title,
         p.meta_description, p.focus_keyword, p.seo, p.word_count, p.published_at, p.created_at,
         p.updated_at, p.author_id
  FROM blog_posts p`;

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
  if (filter.publicOnly) where.push(PUBLIC_POST);
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

@Injectable()
export class PostsRepository {
  constructor(private readonly db: DataSource) {}

  /** One page and the total matching, newest first (by publish time for the public). */
  async page(query: PostPageQuery): Promise<{ rows: PostRow[]; total: number }> {
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
    return { rows, total: count[0]?.total ?? 0 };
  }

  async one(filter: PostFilter): Promise<PostRow | null> {
    const { sql, params } = buildWhere(filter);
    const rows = (await this.db.query(`${SELECT} ${sql} LIMIT 1`, params)) as PostRow[];
    return rows[0] ?? null;
  }

  /** Slug and last change of public posts, newest first. */
  async publicSlugs(limit: number): Promise<{ slug: string; updatedAt: Date }[]> {
    const rows = (await this.db.query(
      `SELECT slug, updated_at FROM blog_posts p WHERE ${PUBLIC_POST}
       ORDER BY p.published_at DESC, p.id DESC LIMIT $1`,
      [limit],
    )) as { slug: string; updated_at: Date }[];
    return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
  }

  /** The id of the public post with this slug, or null. */
  async publicIdBySlug(slug: string): Promise<number | null> {
    const rows = (await this.db.query(`SELECT p.id FROM blog_posts p WHERE p.slug = $1 AND ${PUBLIC_POST}`, [
      slug,
    ])) as { id: number }[];
    return rows[0]?.id ?? null;
  }

  /** When the next scheduled post goes public (null: none is scheduled). */
  async nextScheduledAt(): Promise<Date | null> {
    const rows = (await this.db.query(
      `SELECT min(published_at) AS next FROM blog_posts WHERE status = 'published' AND published_at > now()`,
    )) as { next: Date | null }[];
    return rows[0]?.next ?? null;
  }

  /** Title and slug of each of these posts, by id (for lists that name the post). */
  async titles(ids: number[]): Promise<Map<number, { title: string; slug: string }>> {
    if (!ids.length) return new Map();
    const rows = (await this.db.query(`SELECT id, title, slug FROM blog_posts WHERE id = ANY($1)`, [
      [...new Set(ids)],
    ])) as { id: number; title: string; slug: string }[];
    return new Map(rows.map((r) => [r.id, { title: r.title, slug: r.slug }]));
  }

  /** The categories and tags of these posts. */
  async termLinks(postIds: number[]): Promise<TermLink[]> {
    const rows = (await this.db.query(
      `SELECT post_id, 'category' AS kind, category_id AS term_id FROM post_categories WHERE post_id = ANY($1)
       UNION ALL
       SELECT post_id, 'tag' AS kind, tag_id AS term_id FROM post_tags WHERE post_id = ANY($1)`,
      [postIds],
    )) as { post_id: number; kind: TermKind; term_id: number }[];
    return rows.map((r) => ({ postId: r.post_id, kind: r.kind, termId: r.term_id }));
  }

  /** How many posts each category (or tag) has: only those a visitor may see when `publicOnly`. */
  async countsPerTerm(kind: TermKind, publicOnly: boolean): Promise<Map<number, number>> {
    const link = LINKS[kind];
    const visible = publicOnly ? `JOIN blog_posts p ON p.id = l.post_id AND ${PUBLIC_POST}` : '';
    const rows = (await this.db.query(
      `SELECT l.${link.column} AS id, count(*)::int AS count FROM ${link.table} l ${visible} GROUP BY l.${link.column}`,
    )) as { id: number; count: number }[];
    return new Map(rows.map((r) => [r.id, r.count]));
  }

  /** Published and draft posts, for the dashboard. */
  async countByStatus(): Promise<{ publishedPosts: number; draftPosts: number }> {
    const [row] = (await this.db.query(`
      SELECT count(*) FILTER (WHERE status = 'published')::int AS "publishedPosts",
             count(*) FILTER (WHERE status = 'draft')::int AS "draftPosts"
      FROM blog_posts`)) as { publishedPosts: number; draftPosts: number }[];
    return row;
  }

  exists(id: number): Promise<boolean> {
    return this.db.manager.exists(BlogPostEntity, { where: { id } });
  }

  findForAudit(id: number): Promise<Pick<BlogPostEntity, 'id' | 'title' | 'status'> | null> {
    return this.db.manager.findOne(BlogPostEntity, { where: { id }, select: ['id', 'title', 'status'] });
  }

  /** Locks the post for the rest of the transaction. */
  lockById(tx: EntityManager, id: number): Promise<BlogPostEntity | null> {
    return tx.findOne(BlogPostEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.manager.delete(BlogPostEntity, { id });
    return !!result.affected;
  }

  async insert(tx: EntityManager, fields: Partial<BlogPostEntity>): Promise<number> {
    return (await tx.save(tx.create(BlogPostEntity, fields))).id;
  }

  async save(tx: EntityManager, post: BlogPostEntity): Promise<void> {
    await tx.save(post);
  }

  /** `base`, or `base-2`, `base-3`… if taken by another post. */
  uniqueSlug(tx: EntityManager, base: string, exceptId?: number): Promise<string> {
    return uniqueSlug(tx, 'blog_posts', base, exceptId);
  }

  /** Posts showing this image lose it (the file is being deleted). */
  async clearFeaturedImage(tx: EntityManager, fileName: string): Promise<void> {
    await tx.query(
      `UPDATE blog_posts SET featured_image = NULL, updated_at = now() WHERE featured_image = $1`,
      [fileName],
    );
  }

  /** Replaces the post's categories and/or tags (undefined: leave that list alone). */
  async setTerms(
    tx: EntityManager,
    postId: number,
    categoryIds?: number[],
    tagIds?: number[],
  ): Promise<void> {
    for (const [kind, ids] of [
      ['category', categoryIds],
      ['tag', tagIds],
    ] as const) {
      if (ids === undefined) continue;
      const link = LINKS[kind];
      await tx.query(`DELETE FROM ${link.table} WHERE post_id = $1`, [postId]);
      if (ids.length) {
        await tx.query(
          `INSERT INTO ${link.table} (post_id, ${link.column}) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
          [postId, [...new Set(ids)]],
        );
      }
    }
  }
}
