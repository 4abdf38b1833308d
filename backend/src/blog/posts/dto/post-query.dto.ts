import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/input/page-query.dto';
import { LIMIT_MESSAGES, LIMITS, PAGINATION, POST_STATUSES, PostStatus } from '@studio/shared';

export const MAX_PAGE_SIZE = PAGINATION.maxLimit;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Paging and search; the public list checks the same rules by hand (public-query.ts). */
export class SearchPageQueryDto extends PageQueryDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.search.max, { message: LIMIT_MESSAGES.search })
  search?: string;
}

/** GET /api/admin/blog/posts. */
export class AdminPostQueryDto extends SearchPageQueryDto {
  /** Missing or "all": every status. */
  @IsOptional()
  @IsIn([...POST_STATUSES, 'all', ''], { message: 'Status must be draft, published, archived or all' })
  status?: PostStatus | 'all' | '';
}

export const DEFAULT_PUBLIC_PAGE_SIZE = PAGINATION.blogPageSize;
export const DEFAULT_ADMIN_PAGE_SIZE = PAGINATION.adminDefaultPageSize;
