/**
 * Categories and tags: the same rules for both (spec §5): a missing slug is made from the name
 * (and numbered if that slug is taken), a name or slug someone chose that is already in use is
 * a 409, and deleting one unlinks it from its posts (the link tables cascade).
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { CategoryDto, TagDto } from '@studio/shared';
import { badRequest, conflict, notFound } from '../../common/errors/app.exception';
import { AuditService } from '../../audit/audit.service';
import { BlogCache } from '../blog-cache';
import { slugFrom, uniqueSlug } from '../slugs';
import { CategoryInputDto, TagInputDto } from './dto/taxonomy.dto';

export type TermKind = 'category' | 'tag';

const KINDS = {
  category: {
    table: 'categories',
    link: 'post_categories',
    column: 'category_id',
    label: 'Category',
    code: 'CATEGORY',
  },
  tag: { table: 'tags', link: 'post_tags', column: 'tag_id', label: 'Tag', code: 'TAG' },
} as const;

interface TermRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent_id?: number | null;
  created_at: Date;
  updated_at: Date;
  count?: number;
}

const PG_UNIQUE_VIOLATION = '23505';

function toCategory(r: TermRow): CategoryDto {
  const dto: CategoryDto = {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    parentId: r.parent_id ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
  if (r.count !== undefined) dto.count = r.count;
  return dto;
}

function toTag(r: TermRow): TagDto & { count?: number } {
  const dto: TagDto & { count?: number } = {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
  if (r.count !== undefined) dto.count = r.count;
  return dto;
}

@Injectable()
export class TaxonomyService {
  constructor(
    private readonly db: DataSource,
    private readonly cache: BlogCache,
    private readonly audit: AuditService,
  ) {}

  /**
   * Every category, alphabetically, with `count`: for the public, the posts a visitor can
   * see; for staff, every post linked whatever its status.
   */
  listCategories(publicOnly: boolean): Promise<CategoryDto[]> {
    return this.list('category', publicOnly).then((rows) => rows.map(toCategory));
  }

  listTags(publicOnly: boolean): Promise<(TagDto & { count?: number })[]> {
    return this.list('tag', publicOnly).then((rows) => rows.map(toTag));
  }

  async createCategory(dto: CategoryInputDto): Promise<CategoryDto> {
    const saved = toCategory(await this.save('category', null, dto));
    await this.recordTerm('category', 'create', saved);
    return saved;
  }

  async updateCategory(id: number, dto: CategoryInputDto): Promise<CategoryDto> {
    const saved = toCategory(await this.save('category', id, dto));
    await this.recordTerm('category', 'update', saved);
    return saved;
  }

  async createTag(dto: TagInputDto): Promise<TagDto> {
    const saved = toTag(await this.save('tag', null, dto));
    await this.recordTerm('tag', 'create', saved);
    return saved;
  }

  async updateTag(id: number, dto: TagInputDto): Promise<TagDto> {
    const saved = toTag(await this.save('tag', id, dto));
    await this.recordTerm('tag', 'update', saved);
    return saved;
  }

  async remove(kind: TermKind, id: number): Promise<void> {
    const k = KINDS[kind];
    const rows = (await this.db.query(`DELETE FROM ${k.table} WHERE id = $1 RETURNING id, name, slug`, [
      id,
    ])) as { name: string; slug: string }[][];
    // DELETE … RETURNING through TypeORM yields [rows, affectedCount].
    if (!rows[0]?.length) throw notFound(`${k.label} not found`, `${k.code}_NOT_FOUND`);
    this.cache.invalidate();
    const { name, slug } = rows[0][0];
    await this.audit.record({
      action: `${kind}.delete`,
      targetType: kind,
      targetId: id,
      summary: `Deleted ${kind} “${name}”`,
      before: { name, slug },
    });
  }

  private recordTerm(
    kind: TermKind,
    verb: 'create' | 'update',
    term: { id: number; name: string; slug: string },
  ) {
    return this.audit.record({
      action: `${kind}.${verb}`,
      targetType: kind,
      targetId: term.id,
      summary: `${verb === 'create' ? 'Created' : 'Updated'} ${kind} “${term.name}”`,
      after: { name: term.name, slug: term.slug },
    });
  }

  /** 400 naming the first id that does not exist; used before linking a post. */
  async assertExist(kind: TermKind, ids: number[], db: EntityManager = this.db.manager): Promise<void> {
    if (!ids.length) return;
    const k = KINDS[kind];
    const found = (await db.query(`SELECT id FROM ${k.table} WHERE id = ANY($1)`, [ids])) as { id: number }[];
    const known = new Set(found.map((r) => r.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) {
      const field = kind === 'category' ? 'categoryIds' : 'tagIds';
      const message = `${k.label} ${missing} does not exist`;
      throw badRequest(message, `UNKNOWN_${k.code}`, [{ field, message }]);
    }
  }

  private async list(kind: TermKind, publicOnly: boolean): Promise<TermRow[]> {
    const k = KINDS[kind];
    const visible = publicOnly
      ? `JOIN blog_posts p ON p.id = l.post_id AND p.status = 'published' AND p.published_at <= now()`
      : '';
    return (await this.db.query(
      `SELECT t.*, (SELECT count(*) FROM ${k.link} l ${visible} WHERE l.${k.column} = t.id)::int AS count
       FROM ${k.table} t ORDER BY lower(t.name), t.id`,
    )) as TermRow[];
  }

  private async save(
    kind: TermKind,
    id: number | null,
    dto: CategoryInputDto | TagInputDto,
  ): Promise<TermRow> {
    const k = KINDS[kind];
    try {
      const row = await this.db.transaction(async (tx) => {
        if (id !== null) {
          const exists = (await tx.query(`SELECT id FROM ${k.table} WHERE id = $1 FOR UPDATE`, [
            id,
          ])) as unknown[];
          if (!exists.length) throw notFound(`${k.label} not found`, `${k.code}_NOT_FOUND`);
        }
        const sameName = (await tx.query(
          `SELECT id FROM ${k.table} WHERE lower(name) = lower($1) AND id <> $2`,
          [dto.name, id ?? 0],
        )) as unknown[];
        if (sameName.length)
          throw conflict(`A ${kind} named "${dto.name}" already exists.`, `${k.code}_EXISTS`);
        let slug: string;
        if (dto.slug) {
          const taken = (await tx.query(`SELECT id FROM ${k.table} WHERE slug = $1 AND id <> $2`, [
            dto.slug,
            id ?? 0,
          ])) as unknown[];
          if (taken.length)
            throw conflict(`A ${kind} with the slug "${dto.slug}" already exists.`, `${k.code}_SLUG_EXISTS`);
          slug = dto.slug;
        } else {
          slug = await uniqueSlug(tx, k.table, slugFrom(dto.name, kind), id ?? undefined);
        }
        const description = dto.description ?? null;
        if (kind === 'category') {
          const parentId = (dto as CategoryInputDto).parentId ?? null;
          if (parentId !== null) await this.assertParent(tx, id, parentId);
          return id === null
            ? this.one(
                tx,
                `INSERT INTO categories (name, slug, description, parent_id) VALUES ($1, $2, $3, $4) RETURNING *`,
                [dto.name, slug, description, parentId],
              )
            : this.one(
                tx,
                `UPDATE categories SET name = $1, slug = $2, description = $3, parent_id = $4, updated_at = now() WHERE id = $5 RETURNING *`,
                [dto.name, slug, description, parentId, id],
              );
        }
        return id === null
          ? this.one(tx, `INSERT INTO tags (name, slug, description) VALUES ($1, $2, $3) RETURNING *`, [
              dto.name,
              slug,
              description,
            ])
          : this.one(
              tx,
              `UPDATE tags SET name = $1, slug = $2, description = $3, updated_at = now() WHERE id = $4 RETURNING *`,
              [dto.name, slug, description, id],
            );
      });
      this.cache.invalidate();
      return row;
    } catch (err) {
      // Two editors saving the same name at once: the unique index has the last word.
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        throw conflict(`A ${kind} with that name or slug already exists.`, `${k.code}_EXISTS`);
      }
      throw err;
    }
  }

  /** The parent must exist and must not be the category itself or one of its descendants. */
  private async assertParent(tx: EntityManager, id: number | null, parentId: number): Promise<void> {
    const chain = (await tx.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, 1 AS depth FROM categories WHERE id = $1
         UNION ALL
         SELECT c.id, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 100
       ) SELECT id FROM up`,
      [parentId],
    )) as { id: number }[];
    const message = !chain.length
      ? `Category ${parentId} does not exist`
      : id !== null && chain.some((c) => c.id === id)
        ? 'A category cannot be placed inside itself'
        : null;
    if (message) throw badRequest(message, 'INVALID_PARENT', [{ field: 'parentId', message }]);
  }

  private async one(tx: EntityManager, sql: string, params: unknown[]): Promise<TermRow> {
    const result = (await tx.query(sql, params)) as TermRow[] | [TermRow[], number];
    // INSERT … RETURNING gives rows; UPDATE … RETURNING gives [rows, affectedCount].
    const rows = Array.isArray(result[0]) ? (result[0] as TermRow[]) : (result as TermRow[]);
    return rows[0];
  }
}
