import { Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, MaxDate, Min, MinDate } from 'class-validator';
import { AUDIT_ACTIONS } from '@studio/shared';
import { PageQueryDto } from '../../common/input/page-query.dto';

/** Dates PostgreSQL can compare; a year like +099602 would fail the query mid-export. */
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59Z');
const DATE_RANGE = 'must be a date between 2000-01-01 and 9999-12-31';

/** The audit log's filters, paged like every list (PageQueryDto). */
export class AuditQueryDto extends PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'actorId must be a whole number' })
  @Min(1)
  actorId?: number;

  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: 'Unknown action' })
  action?: string;

  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'from must be a date (YYYY-MM-DD)' })
  @MinDate(EARLIEST, { message: `from ${DATE_RANGE}` })
  @MaxDate(LATEST, { message: `from ${DATE_RANGE}` })
  from?: Date;

  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'to must be a date (YYYY-MM-DD)' })
  @MinDate(EARLIEST, { message: `to ${DATE_RANGE}` })
  @MaxDate(LATEST, { message: `to ${DATE_RANGE}` })
  to?: Date;
}
