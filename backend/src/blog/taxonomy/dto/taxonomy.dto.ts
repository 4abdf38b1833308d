import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { LIMITS, MESSAGES, SLUG_PATTERN } from '@studio/shared';

export const DESCRIPTION_MAX = 1000;
const SLUG_MAX = 255;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;

/** Create and update take the same form (spec §7: name, slug, description). A missing slug is made from the name. */
/**
 * Rules run in the order listed (the pipe stops at the first broken one), so a missing name
 * reads "Name is required" rather than a length message.
 */
const CategoryName = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: MESSAGES.nameRequired }),
    IsNotEmpty({ message: MESSAGES.nameRequired }),
    Length(LIMITS.category.nameMin, LIMITS.category.nameMax, {
      message: (a) =>
        String(a.value ?? '').length < LIMITS.category.nameMin
          ? `Category name must be at least ${LIMITS.category.nameMin} characters`
          : `Category name must be at most ${LIMITS.category.nameMax} characters`,
    }),
  );

/** The slug and description categories and tags share; each adds its own name rules. */
export abstract class TaxonomyInputDto {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString({ message: MESSAGES.slugPattern })
  @MinLength(LIMITS.tag.slugMin, { message: `Slug must be at least ${LIMITS.tag.slugMin} characters` })
  @MaxLength(SLUG_MAX, { message: `Slug must be at most ${SLUG_MAX} characters` })
  @Matches(SLUG_PATTERN, { message: MESSAGES.slugPattern })
  slug?: string;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(DESCRIPTION_MAX, { message: `Description must be at most ${DESCRIPTION_MAX} characters` })
  description?: string | null;
}

export class CategoryInputDto extends TaxonomyInputDto {
  @CategoryName()
  name: string;

  /** Optional parent category; null makes it top level. */
  @IsOptional()
  @IsInt({ message: 'Parent must be a category id' })
  @Min(1, { message: 'Parent must be a category id' })
  @Max(2_147_483_647, { message: 'Parent must be a category id' })
  parentId?: number | null;
}

export class TagInputDto extends TaxonomyInputDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.tagName })
  @Length(LIMITS.tag.nameMin, LIMITS.tag.nameMax, {
    message: (a) =>
      String(a.value ?? '').length < LIMITS.tag.nameMin
        ? MESSAGES.tagName
        : `Tag name must be at most ${LIMITS.tag.nameMax} characters`,
  })
  name: string;
}
