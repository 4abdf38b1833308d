/**
 * The public list's query string, checked by hand rather than by class-validator: this is the
 * busiest route of the site and the generic pipe cost more than the rest of the request. The
 * rules and messages are those of the other query DTOs, and errors come in the same shape.
 */
import { badRequest, FieldError } from '../../common/errors/app.exception';
import { LIMIT_MESSAGES, LIMITS, MESSAGES, PAGINATION } from '@studio/shared';
import { MAX_PAGE_SIZE } from './dto/post-query.dto';

export interface PublicPostQuery {
  limit?: number;
  offset?: number;
  search?: string;
  categoryId?: number;
  tagId?: number;
}

const SEARCH_MAX = LIMITS.search.max;
const INT = /^\d{1,10}$/;
const PAGE_MESSAGE = MESSAGES.pageLimit;

const int = (min: number, max: number, message: string) => (value: unknown) => {
  const n = typeof value === 'string' && INT.test(value) ? Number(value) : NaN;
  return n >= min && n <= max ? n : { message };
};

const RULES = new Map<string, (value: unknown) => unknown>(
  Object.entries({
    limit: int(1, MAX_PAGE_SIZE, PAGE_MESSAGE),
    offset: int(0, PAGINATION.maxOffset, MESSAGES.pageOffset),
    categoryId: int(1, 2_147_483_647, 'categoryId must be a category id'),
    tagId: int(1, 2_147_483_647, 'tagId must be a tag id'),
    search: (value) => {
      if (typeof value !== 'string') return { message: 'Search must be text' };
      const trimmed = value.trim();
      return trimmed.length > SEARCH_MAX ? { message: LIMIT_MESSAGES.search } : trimmed || undefined;
    },
    // The site sends status=published; the public only ever sees published posts, so it is ignored.
    status: () => undefined,
  }),
);

export function parsePublicPostQuery(raw: Record<string, unknown> | undefined): PublicPostQuery {
  const out: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const key of Object.keys(raw ?? {})) {
    const rule = RULES.get(key);
    if (!rule) {
      errors.push({ field: key, message: `Unknown field: ${key}` });
      continue;
    }
    const value = rule(raw![key]);
    if (value && typeof value === 'object')
      errors.push({ field: key, message: (value as { message: string }).message });
    else if (value !== undefined) out[key] = value;
  }
  if (errors.length) throw badRequest(errors[0].message, 'VALIDATION_FAILED', errors);
  return out as PublicPostQuery;
}
