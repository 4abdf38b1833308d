import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { LIMIT_MESSAGES, LIMITS, PROJECT_STATUSES, ProjectStatus } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const STATUS_MESSAGE = `Status must be one of: ${PROJECT_STATUSES.join(', ')}`;

export class ListProjectsQuery {
  @IsOptional()
  @IsIn(PROJECT_STATUSES, { message: STATUS_MESSAGE })
  status?: ProjectStatus;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'Search is at most 100 characters.' })
  search?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number.' })
  @Min(1, { message: 'page must be at least 1.' })
  @Max(10_000, { message: 'page is at most 10000.' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be at least 1.' })
  @Max(200, { message: 'limit is at most 200.' })
  limit?: number;
}

export class ChangeStatusDto {
  @IsIn(PROJECT_STATUSES, { message: STATUS_MESSAGE })
  status: ProjectStatus;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.project.noteMax, { message: LIMIT_MESSAGES.note })
  note?: string;
}

export class ProjectNoteDto {
  @Transform(trim)
  @IsString({ message: 'Please write a note.' })
  @MinLength(2, { message: 'Please write a note.' })
  @MaxLength(LIMITS.project.noteMax, { message: LIMIT_MESSAGES.note })
  note: string;
}
