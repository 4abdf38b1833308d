import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LIMIT_MESSAGES, LIMITS, PAGINATION, POST_STATUSES, PostStatus } from '@studio/shared';

export const MAX_PAGE_SIZE = 100;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Paging and search; the public list checks the same rules by hand (public-query.ts). */
export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Max(MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number, 0 or more' })
  @Min(0, { message: 'offset must be a whole number, 0 or more' })
  offset?: number;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.search.max, { message: LIMIT_MESSAGES.search })
  search?: string;
}

/** GET /api/admin/blog/posts. */
export class AdminPostQueryDto extends PageQueryDto {
  /** Missing or "all": every status. */
  @IsOptional()
  @IsIn([...POST_STATUSES, 'all', ''], { message: 'Status must be draft, published, archived or all' })
  status?: PostStatus | 'all' | '';
}

export const DEFAULT_PUBLIC_PAGE_SIZE = PAGINATION.blogPageSize;
export const DEFAULT_ADMIN_PAGE_SIZE = PAGINATION.adminDefaultPageSize;
