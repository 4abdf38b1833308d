import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MESSAGES, PAGINATION } from '@studio/shared';

/**
 * `limit` and `offset` of every list endpoint, bounded on both sides so that no value reaches
 * PostgreSQL out of its range (an offset of 1e20 was a 500). Extend it in a list's query DTO.
 */
export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MESSAGES.pageLimit })
  @Min(1, { message: MESSAGES.pageLimit })
  @Max(PAGINATION.maxLimit, { message: MESSAGES.pageLimit })
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MESSAGES.pageOffset })
  @Min(0, { message: MESSAGES.pageOffset })
  @Max(PAGINATION.maxOffset, { message: MESSAGES.pageOffset })
  offset?: number;
}
