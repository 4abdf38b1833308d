import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, LIMIT_MESSAGES } from '@studio/shared';

export const MEDIA_LIMITS = LIMITS.media;
const emptyToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;

/** Alt text and caption: sent with an upload (as form fields) or changed later (JSON). */
export class MediaDetailsDto {
  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Alt text must be text' })
  @MaxLength(MEDIA_LIMITS.altTextMax, { message: LIMIT_MESSAGES.altText })
  altText?: string | null;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Caption must be text' })
  @MaxLength(MEDIA_LIMITS.captionMax, { message: LIMIT_MESSAGES.caption })
  caption?: string | null;
}
