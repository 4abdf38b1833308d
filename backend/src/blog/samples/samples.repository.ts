/**
 * Every query about the sample posts: the one row of `blog_samples` (settled once per database),
 * and the rows marked `is_sample` in blog_posts, media, categories and tags.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../common/query-result';
import type { TermKind } from '../posts/posts.repository';
import { uniqueSlug } from '../slug.repository';

const TERM_TABLES: Record<TermKind, string> = { category: 'categories', tag: 'tags' };

export interface SamplePostRow {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  wordCount: number;
  publishedAt: Date;
  categoryIds: number[];
  tagIds: number[];
}

export interface RemovedSamples {
  posts: { id: number; title: string }[];
  /** Files of the removed media rows, to remove from storage after the commit. */
  fileNames: string[];
  terms: number;
}

@Injectable()
export class SamplesRepository {
  constructor(private readonly db: DataSource) {}

  /** True once this database settled whether it gets samples (whatever the answer was). */
  async settled(): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM blog_samples`)).length > 0;
  }

  async anyPost(): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM blog_posts LIMIT 1`)).length > 0;
  }

  /**
   * Settles the question inside `tx`: true when this caller won and the blog has no post, so it
   * must add the samples in the same transaction. A concurrent caller waits on the row's key
   * until this transaction ends, then gets false.
   */
  async claim(tx: EntityManager): Promise<boolean> {
    const rows = returnedRows<{ seeded: boolean }>(
      await tx.query(`
        INSERT INTO blog_samples (id, seeded)
        SELECT 1, NOT EXISTS (SELECT 1 FROM blog_posts)
        ON CONFLICT (id) DO NOTHING
        RETURNING seeded`),
    );
    return rows[0]?.seeded === true;
  }

  /** The id of the category or tag with this slug, made (as a sample) when there is none. */
  async term(
    tx: EntityManager,
    kind: TermKind,
    name: string,
    slug: string,
    description: string | null,
  ): Promise<number> {
    const table = TERM_TABLES[kind];
    const found = (await tx.query(`SELECT id FROM ${table} WHERE slug = $1 OR lower(name) = lower($2)`, [
      slug,
      name,
    ])) as { id: number }[];
    if (found.length) return found[0].id;
    const rows = returnedRows<{ id: number }>(
      await tx.query(
        `INSERT INTO ${table} (name, slug, description, is_sample) VALUES ($1, $2, $3, true) RETURNING id`,
        [name, slug, description],
      ),
    );
    return rows[0].id;
  }

  async insertMedia(
    tx: EntityManager,
    m: { fileName: string; fileType: string; fileSize: number; altText: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO media (file_name, file_type, file_path, file_size, alt_text, is_sample)
       VALUES ($1, $2, $3, $4, $5, true)`,
      [m.fileName, m.fileType, `/uploads/${m.fileName}`, m.fileSize, m.altText],
    );
  }

  async insertPost(tx: EntityManager, p: SamplePostRow): Promise<number> {
    const slug = await uniqueSlug(tx, 'blog_posts', p.slug);
    const rows = returnedRows<{ id: number }>(
      await tx.query(
        `INSERT INTO blog_posts
           (title, slug, content, excerpt, featured_image, status, word_count, published_at, is_sample)
         VALUES ($1, $2, $3, $4, $5, 'published', $6, $7, true) RETURNING id`,
        [p.title, slug, p.content, p.excerpt, p.featuredImage, p.wordCount, p.publishedAt],
      ),
    );
    const id = rows[0].id;
    await tx.query(`INSERT INTO post_categories (post_id, category_id) SELECT $1, unnest($2::int[])`, [
      id,
      p.categoryIds,
    ]);
    await tx.query(`INSERT INTO post_tags (post_id, tag_id) SELECT $1, unnest($2::int[])`, [id, p.tagIds]);
    return id;
  }

  async count(): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM blog_posts WHERE is_sample`)) as {
      n: number;
    }[];
    return row.n;
  }

  /**
   * Removes the sample posts (their comments and links go with them), the sample images no
   * remaining post shows, and the sample categories and tags no remaining post uses; records the
   * removal so the samples never come back. One transaction.
   */
  async remove(tx: EntityManager): Promise<RemovedSamples> {
    const posts = returnedRows<{ id: number; title: string }>(
      await tx.query(`DELETE FROM blog_posts WHERE is_sample RETURNING id, title`),
    );
    const media = returnedRows<{ file_name: string }>(
      await tx.query(`
        DELETE FROM media m
         WHERE m.is_sample
           AND NOT EXISTS (
             SELECT 1 FROM blog_posts p
              WHERE p.featured_image = m.file_name OR strpos(p.content, m.file_name) > 0)
        RETURNING m.file_name`),
    );
    let terms = 0;
    for (const [kind, table] of Object.entries(TERM_TABLES)) {
      const links = kind === 'category' ? 'post_categories' : 'post_tags';
      const column = kind === 'category' ? 'category_id' : 'tag_id';
      terms += returnedRows(
        await tx.query(`
          DELETE FROM ${table} t
           WHERE t.is_sample AND NOT EXISTS (SELECT 1 FROM ${links} l WHERE l.${column} = t.id)
          RETURNING t.id`),
      ).length;
    }
    await tx.query(`
      INSERT INTO blog_samples (id, seeded, removed_at) VALUES (1, false, now())
      ON CONFLICT (id) DO UPDATE SET removed_at = now()`);
    return { posts, fileNames: media.map((m) => m.file_name), terms };
  }
}
