import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export const MEDIA_LIMITS = { altTextMax: 255, captionMax: 1000 } as const;
const emptyToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;

/** Alt text and caption: sent with an upload (as form fields) or changed later (JSON). */
export class MediaDetailsDto {
  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Alt text must be text' })
  @MaxLength(MEDIA_LIMITS.altTextMax, {
    message: `Alt text must be at most ${MEDIA_LIMITS.altTextMax} characters`,
  })
  altText?: string | null;

  @Transform(emptyToNull)
  @IsOptional()
  @IsString({ message: 'Caption must be text' })
  @MaxLength(MEDIA_LIMITS.captionMax, {
    message: `Caption must be at most ${MEDIA_LIMITS.captionMax} characters`,
  })
  caption?: string | null;
}
