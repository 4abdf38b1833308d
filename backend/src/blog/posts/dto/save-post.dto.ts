/**
 * The post form, for JSON bodies and for the `data` field of a multipart body alike.
 *
 * Limits follow spec §5's generic post schema and the column sizes of §3. The SEO limits of
 * 70 / 160 characters apply to the `seo` block (what search results show); `metaTitle` and
 * `metaDescription` keep their column limits (255 / 300) so an editor is never blocked from
 * saving a draft: the editor's SEO score already steers them towards 30-60 and 120-160.
 */
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { LIMITS, MESSAGES, POST_STATUSES, PostStatus, SLUG_PATTERN } from '@studio/shared';

const L = LIMITS.post;
export const CONTENT_MAX = 1_000_000;
export const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;
/** Multipart forms send ids as strings; "3" and 3 mean the same category. */
const toIds = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)) : value;
/** The picker may hand over "/uploads/x.jpg"; the post stores the file name. */
const toFileName = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().replace(/^\/?uploads\//, '') || null : value;

const Ids = (what: string) =>
  applyDecorators(
    IsOptional(),
    Transform(toIds),
    IsArray({ message: `${what} must be a list of ids` }),
    ArrayMaxSize(50, { message: `A post can have at most 50 ${what.toLowerCase()}` }),
    IsInt({ each: true, message: `${what} must be a list of ids` }),
    Min(1, { each: true, message: `${what} must be a list of ids` }),
  );

export class PostSeoDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(L.seoTitleMax, { message: `SEO title must be at most ${L.seoTitleMax} characters` })
  title?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(L.seoDescriptionMax, {
    message: `SEO description must be at most ${L.seoDescriptionMax} characters`,
  })
  description?: string;

  @IsOptional()
  @IsArray({ message: 'Keywords must be a list' })
  @ArrayMaxSize(20, { message: 'At most 20 keywords' })
  @IsString({ each: true })
  @MaxLength(L.focusKeywordMax, {
    each: true,
    message: `Each keyword must be at most ${L.focusKeywordMax} characters`,
  })
  keywords?: string[];

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'The social image must be a full http or https URL' },
  )
  @MaxLength(500)
  ogImage?: string;

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'The canonical URL must be a full http or https URL' },
  )
  @MaxLength(500)
  canonical?: string;
}

/** Everything but title and content, which are required on create and optional on update. */
export class PostFieldsDto {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString({ message: MESSAGES.slugPattern })
  @MinLength(L.slugMin, { message: MESSAGES.postSlugMin })
  @MaxLength(L.slugMax, { message: `Slug must be at most ${L.slugMax} characters` })
  @Matches(SLUG_PATTERN, { message: MESSAGES.slugPattern })
  slug?: string;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Excerpt must be text' })
  @MaxLength(L.excerptMax, { message: `Excerpt must be at most ${L.excerptMax} characters` })
  excerpt?: string | null;

  @IsOptional()
  @IsIn(POST_STATUSES, { message: 'Status must be draft, published or archived' })
  status?: PostStatus;

  @Ids('Categories')
  categoryIds?: number[];

  @Ids('Tags')
  tagIds?: number[];

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Meta title must be text' })
  @MaxLength(L.metaTitleMax, { message: `Meta title must be at most ${L.metaTitleMax} characters` })
  metaTitle?: string | null;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Meta description must be text' })
  @MaxLength(L.metaDescriptionMax, {
    message: `Meta description must be at most ${L.metaDescriptionMax} characters`,
  })
  metaDescription?: string | null;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Focus keyword must be text' })
  @MaxLength(L.focusKeywordMax, { message: `Focus keyword must be at most ${L.focusKeywordMax} characters` })
  focusKeyword?: string | null;

  @Transform(toFileName)
  @IsOptional()
  @IsString({ message: 'Featured image must be a file name from the media library' })
  @MaxLength(255, { message: 'Featured image must be a file name from the media library' })
  @Matches(FILE_NAME_PATTERN, { message: 'Featured image must be a file name from the media library' })
  featuredImage?: string | null;

  /** ISO 8601; a time in the future schedules a published post. */
  @Transform(emptyToNull)
  @IsOptional()
  @IsISO8601(
    { strict: true },
    { message: 'Publish date must be a date and time such as 2025-01-31T09:00:00Z' },
  )
  publishedAt?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => PostSeoDto)
  seo?: PostSeoDto | null;
}

const Title = (required: boolean) =>
  applyDecorators(
    ...(required ? [] : [IsOptional()]),
    Transform(trim),
    IsString({ message: 'Title is required' }),
    Length(L.titleMin, L.titleMax, {
      message: (a) =>
        String(a.value ?? '').length < L.titleMin
          ? `Title must be at least ${L.titleMin} characters`
          : `Title must be at most ${L.titleMax} characters`,
    }),
  );

const Content = (required: boolean) =>
  applyDecorators(
    ...(required ? [] : [IsOptional()]),
    IsString({ message: 'Content is required' }),
    Length(L.contentMin, CONTENT_MAX, {
      message: (a) =>
        String(a.value ?? '').length < L.contentMin
          ? `Content must be at least ${L.contentMin} characters`
          : 'Content is too long',
    }),
  );

export class CreatePostDto extends PostFieldsDto {
  @Title(true)
  title: string;

  @Content(true)
  content: string;
}

/** A PUT changes the fields it names; the editor sends them all. */
export class UpdatePostDto extends PostFieldsDto {
  @Title(false)
  title?: string;

  @Content(false)
  content?: string;
}
