import type { EntityManager } from 'typeorm';
import { SLUG_MAX } from './slugs';

/**
 * `base` if free in `table`, else `base-2`, `base-3`… (the first gap). `exceptId` is the row
 * being updated, which may keep its own slug. Callers still rely on the unique index for races.
 * Posts and taxonomy call it from their repositories, each for its own table.
 */
export async function uniqueSlug(
  db: EntityManager,
  table: 'blog_posts' | 'categories' | 'tags',
  base: string,
  exceptId?: number,
): Promise<string> {
  const root = base.slice(0, SLUG_MAX - 6).replace(/-+$/, '') || base;
  // `root` is [a-z0-9-] only (slugify or SLUG_PATTERN), so it is safe inside the regex.
  const rows = (await db.query(
    `SELECT slug FROM ${table} WHERE (slug = $1 OR slug = $2 OR slug ~ ('^' || $2 || '-[0-9]+$')) AND id <> $3`,
    [base, root, exceptId ?? 0],
  )) as { slug: string }[];
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
