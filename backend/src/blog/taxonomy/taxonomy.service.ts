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
import { PostsRepository, type TermKind } from '../posts/posts.repository';
import { slugFrom } from '../slugs';
import { CategoryInputDto, TagInputDto } from './dto/taxonomy.dto';
import { TaxonomyRepository, type TermRow } from './taxonomy.repository';

const KINDS = {
  category: { label: 'Category', code: 'CATEGORY' },
  tag: { label: 'Tag', code: 'TAG' },
} as const;

type CountedRow = TermRow & { count?: number };

const PG_UNIQUE_VIOLATION = '23505';

function toCategory(r: CountedRow): CategoryDto {
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

function toTag(r: CountedRow): TagDto & { count?: number } {
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
    private readonly terms: TaxonomyRepository,
    private readonly posts: PostsRepository,
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
    const deleted = await this.terms.delete(kind, id);
    if (!deleted) throw notFound(`${k.label} not found`, `${k.code}_NOT_FOUND`);
    this.cache.invalidate();
    const { name, slug } = deleted;
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
  async assertExist(kind: TermKind, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const known = await this.terms.existing(kind, ids);
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) {
      const k = KINDS[kind];
      const field = kind === 'category' ? 'categoryIds' : 'tagIds';
      const message = `${k.label} ${missing} does not exist`;
      throw badRequest(message, `UNKNOWN_${k.code}`, [{ field, message }]);
    }
  }

  private async list(kind: TermKind, publicOnly: boolean): Promise<CountedRow[]> {
    const [rows, counts] = await Promise.all([
      this.terms.list(kind),
      this.posts.countsPerTerm(kind, publicOnly),
    ]);
    return rows.map((r) => ({ ...r, count: counts.get(r.id) ?? 0 }));
  }

  private async save(
    kind: TermKind,
    id: number | null,
    dto: CategoryInputDto | TagInputDto,
  ): Promise<TermRow> {
    const k = KINDS[kind];
    try {
      const row = await this.db.transaction(async (tx) => {
        if (id !== null && !(await this.terms.lock(tx, kind, id)))
          throw notFound(`${k.label} not found`, `${k.code}_NOT_FOUND`);
        if (await this.terms.nameTaken(tx, kind, dto.name, id))
          throw conflict(`A ${kind} named "${dto.name}" already exists.`, `${k.code}_EXISTS`);
        let slug: string;
        if (dto.slug) {
          if (await this.terms.slugTaken(tx, kind, dto.slug, id))
            throw conflict(`A ${kind} with the slug "${dto.slug}" already exists.`, `${k.code}_SLUG_EXISTS`);
          slug = dto.slug;
        } else {
          slug = await this.terms.uniqueSlug(tx, kind, slugFrom(dto.name, kind), id);
        }
        const fields = { name: dto.name, slug, description: dto.description ?? null };
        if (kind !== 'category') return this.terms.write(tx, kind, id, fields);
        const parentId = (dto as CategoryInputDto).parentId ?? null;
        if (parentId !== null) await this.assertParent(tx, id, parentId);
        return this.terms.write(tx, kind, id, { ...fields, parentId });
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
    const chain = await this.terms.categoryAncestry(tx, parentId);
    const message = !chain.length
      ? `Category ${parentId} does not exist`
      : id !== null && chain.includes(id)
        ? 'A category cannot be placed inside itself'
        : null;
    if (message) throw badRequest(message, 'INVALID_PARENT', [{ field: 'parentId', message }]);
  }
}
