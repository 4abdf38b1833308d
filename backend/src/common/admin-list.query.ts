/**
 * Paging, search and sort for the back-office lists (limit/offset with `total`). Each list
 * extends it with its own `sort` whitelist and filters; the global pipe refuses any other field
 * with a 400, so an unknown sort or filter never reaches SQL.
 */
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BACK_OFFICE_PAGE, SORT_ORDERS, type SortOrder } from '@studio/shared';
import { PageQueryDto } from './input/page-query.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AdminListQuery extends PageQueryDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'Search must be at most 200 characters' })
  search?: string;

  @IsOptional()
  @IsIn(SORT_ORDERS, { message: 'order must be asc or desc' })
  order?: SortOrder;
}

export interface Page {
  limit: number;
  offset: number;
}

export function pageOf(q: AdminListQuery): Page {
  return { limit: q.limit ?? BACK_OFFICE_PAGE.defaultLimit, offset: q.offset ?? 0 };
}

/** A list query's search, sort and order, with the list's own default sort where none was asked. */
export function orderOf<S extends string>(
  q: { search?: string; sort?: S; order?: SortOrder },
  sort: S,
  order: SortOrder,
): { search: string | undefined; sort: S; order: SortOrder } {
  return { search: q.search || undefined, sort: q.sort ?? sort, order: q.order ?? order };
}

/** `%term%` for ILIKE with the user's own wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
