import { Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AUDIT_ACTIONS } from '@studio/shared';

export class AuditQueryDto {
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
  from?: Date;

  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'to must be a date (YYYY-MM-DD)' })
  to?: Date;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}
