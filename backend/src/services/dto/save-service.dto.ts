import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { SERVICE_LIMITS as L, SERVICE_MESSAGES as M, SERVICE_SORTS } from '@studio/shared';
import { AdminListQuery } from '../../common/admin-list.query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimList = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
    : value;
const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** POST and PUT /api/admin/services: the whole row (a PUT replaces it). */
export class SaveServiceDto {
  @Transform(trim)
  @IsString({ message: M.name })
  @Length(L.nameMin, L.nameMax, { message: M.name })
  name: string;

  @Transform(trim)
  @IsString({ message: M.description })
  @Length(L.descriptionMin, L.descriptionMax, { message: M.description })
  description: string;

  @IsInt({ message: M.price })
  @Min(L.priceMin, { message: M.price })
  @Max(L.priceMax, { message: M.price })
  price: number;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: M.compareAtPrice })
  @Min(L.priceMin, { message: M.compareAtPrice })
  @Max(L.priceMax, { message: M.compareAtPrice })
  compareAtPrice?: number | null;

  @Transform(trim)
  @IsString({ message: M.type })
  @Length(L.typeMin, L.typeMax, { message: M.type })
  type: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: M.revisions })
  @MaxLength(L.revisionsMax, { message: M.revisions })
  revisions?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Transform(trim)
  @IsString({ message: M.badge })
  @MaxLength(L.badgeMax, { message: M.badge })
  badge?: string | null;

  @IsOptional()
  @Transform(trimList)
  @IsArray({ message: M.features })
  @ArrayMaxSize(L.featuresMax, { message: M.features })
  @IsString({ each: true, message: M.features })
  @MaxLength(L.featureMax, { each: true, message: M.features })
  features?: string[];

  @IsOptional()
  @IsBoolean({ message: 'isBulkDeal must be true or false' })
  isBulkDeal?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'onHome must be true or false' })
  onHome?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;

  @IsOptional()
  @IsInt({ message: M.sortOrder })
  @Min(0, { message: M.sortOrder })
  @Max(L.sortOrderMax, { message: M.sortOrder })
  sortOrder?: number;
}

/** GET /api/admin/services. */
export class ServiceListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(SERVICE_SORTS, { message: `sort must be one of ${SERVICE_SORTS.join(', ')}` })
  sort?: (typeof SERVICE_SORTS)[number];

  @IsOptional()
  @Transform(bool)
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
