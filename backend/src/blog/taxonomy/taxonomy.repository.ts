/** Every query on `categories` and `tags`. How many posts a term has is the posts repository's. */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../../common/query-result';
import type { TermKind } from '../posts/posts.repository';
import { uniqueSlug } from '../slug.repository';

const TABLES = { category: 'categories', tag: 'tags' } as const;

export interface TermRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent_id?: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface TermFields {
  name: string;
  slug: string;
  description: string | null;
  /** Categories only. */
  parentId?: number | null;
}

@Injectable()
export class TaxonomyRepository {
  constructor(private readonly db: DataSource) {}

  /** Every category (or tag), alphabetically. */
  list(kind: TermKind): Promise<TermRow[]> {
    return this.db.query(`SELECT * FROM ${TABLES[kind]} t ORDER BY lower(t.name), t.id`) as Promise<
      TermRow[]
    >;
  }

  /** These categories and tags, by name. */
  async byIds(categoryIds: number[], tagIds: number[]): Promise<(TermRow & { kind: TermKind })[]> {
    if (!categoryIds.length && !tagIds.length) return [];
    return (await this.db.query(
      `SELECT 'category' AS kind, id, name, slug, description, parent_id, created_at, updated_at
         FROM categories WHERE id = ANY($1)
       UNION ALL
       SELECT 'tag' AS kind, id, name, slug, description, NULL, created_at, updated_at FROM tags WHERE id = ANY($2)
       ORDER BY name`,
      [categoryIds, tagIds],
    )) as (TermRow & { kind: TermKind })[];
  }

  /** Which of these ids exist. */
  async existing(kind: TermKind, ids: number[]): Promise<Set<number>> {
    const rows = (await this.db.query(`SELECT id FROM ${TABLES[kind]} WHERE id = ANY($1)`, [ids])) as {
      id: number;
    }[];
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes it (its links to posts cascade); the deleted row, or null when there was none. */
  async delete(kind: TermKind, id: number): Promise<{ name: string; slug: string } | null> {
    const rows = returnedRows<{ name: string; slug: string }>(
      await this.db.query(`DELETE FROM ${TABLES[kind]} WHERE id = $1 RETURNING id, name, slug`, [id]),
    );
    return rows[0] ?? null;
  }

  /** Locks the row for the rest of the transaction; false when there is none. */
  async lock(tx: EntityManager, kind: TermKind, id: number): Promise<boolean> {
    const rows = (await tx.query(`SELECT id FROM ${TABLES[kind]} WHERE id = $1 FOR UPDATE`, [
      id,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Whether another term of this kind has this name (any case). */
  async nameTaken(
    tx: EntityManager,
    kind: TermKind,
    name: string,
    exceptId: number | null,
  ): Promise<boolean> {
    const rows = (await tx.query(
      `SELECT id FROM ${TABLES[kind]} WHERE lower(name) = lower($1) AND id <> $2`,
      [name, exceptId ?? 0],
    )) as unknown[];
    return rows.length > 0;
  }

  async slugTaken(
    tx: EntityManager,
    kind: TermKind,
    slug: string,
    exceptId: number | null,
  ): Promise<boolean> {
    const rows = (await tx.query(`SELECT id FROM ${TABLES[kind]} WHERE slug = $1 AND id <> $2`, [
      slug,
      exceptId ?? 0,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** `base`, or `base-2`, `base-3`… if taken by another term of this kind. */
  uniqueSlug(tx: EntityManager, kind: TermKind, base: string, exceptId: number | null): Promise<string> {
    return uniqueSlug(tx, TABLES[kind], base, exceptId ?? undefined);
  }

  /** The category and its ancestors, nearest first (ids only); empty when it does not exist. */
  async categoryAncestry(tx: EntityManager, id: number): Promise<number[]> {
    const rows = (await tx.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, 1 AS depth FROM categories WHERE id = $1
         UNION ALL
         SELECT c.id, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 100
       ) SELECT id FROM up`,
      [id],
    )) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Inserts (id null) or updates the term; the stored row. */
  async write(tx: EntityManager, kind: TermKind, id: number | null, f: TermFields): Promise<TermRow> {
    const params: unknown[] = [f.name, f.slug, f.description];
    if (kind === 'category') params.push(f.parentId ?? null);
    const sql =
      id === null
        ? kind === 'category'
          ? `INSERT INTO categories (name, slug, description, parent_id) VALUES ($1, $2, $3, $4) RETURNING *`
          : `INSERT INTO tags (name, slug, description) VALUES ($1, $2, $3) RETURNING *`
        : kind === 'category'
          ? `UPDATE categories SET name = $1, slug = $2, description = $3, parent_id = $4, updated_at = now() WHERE id = $5 RETURNING *`
          : `UPDATE tags SET name = $1, slug = $2, description = $3, updated_at = now() WHERE id = $4 RETURNING *`;
    if (id !== null) params.push(id);
    return returnedRows<TermRow>(await tx.query(sql, params))[0];
  }

  /** Categories, tags (for the dashboard). */
  async counts(): Promise<{ categories: number; tags: number }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*) FROM categories)::int AS categories, (SELECT count(*) FROM tags)::int AS tags`,
    )) as { categories: number; tags: number }[];
    return row;
  }
}
