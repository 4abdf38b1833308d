import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { LIMITS, MESSAGES } from '@studio/shared';
import {
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const SETTINGS_LIMITS = LIMITS.settings;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An emptied field means "back to the default" (or "no link"): stored as null, not ''. */
const emptyToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;

const SocialLink = (network: string) =>
  applyDecorators(
    IsOptional(),
    Transform(emptyToNull),
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true },
      { message: `The ${network} link must be a full http or https address` },
    ),
    MaxLength(SETTINGS_LIMITS.urlMax, {
      message: `The ${network} link must be at most ${SETTINGS_LIMITS.urlMax} characters`,
    }),
  );

export class SocialLinksDto {
  @SocialLink('Instagram')
  instagram?: string | null;

  @SocialLink('YouTube')
  youtube?: string | null;

  @SocialLink('SoundCloud')
  soundcloud?: string | null;

  @SocialLink('Spotify')
  spotify?: string | null;

  @SocialLink('X')
  x?: string | null;
}

/** Every field optional: a PUT changes what it names and leaves the rest alone. */
export class UpdateSettingsDto {
  // In this order (the pipe stops at the first broken rule): a blank name reads "Blog name is required".
  @applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString({ message: 'Blog name is required' }),
    IsNotEmpty({ message: 'Blog name is required' }),
    MaxLength(SETTINGS_LIMITS.blogNameMax, {
      message: `Blog name must be at most ${SETTINGS_LIMITS.blogNameMax} characters`,
    }),
  )
  blogName?: string;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'Site description must be text' })
  @MaxLength(SETTINGS_LIMITS.siteDescriptionMax, {
    message: `Site description must be at most ${SETTINGS_LIMITS.siteDescriptionMax} characters`,
  })
  siteDescription?: string | null;

  /** Same rule as ADMIN_NOTIFY_EMAIL: a local address such as admin@localhost is allowed. */
  @IsOptional()
  @Transform(emptyToNull)
  @IsEmail({ require_tld: false }, { message: MESSAGES.adminNotifyEmail })
  @MaxLength(SETTINGS_LIMITS.emailMax, {
    message: `The admin notification email must be at most ${SETTINGS_LIMITS.emailMax} characters`,
  })
  adminNotifyEmail?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => SocialLinksDto)
  socialLinks?: SocialLinksDto;

  /** The price of a revision round beyond those a booking includes, in pence. */
  @IsOptional()
  @IsInt({ message: 'The extra round fee must be a whole number of pence' })
  @Min(0, { message: 'The extra round fee cannot be negative' })
  @Max(1_000_000, { message: 'The extra round fee is at most £10,000' })
  extraRoundFeePence?: number;

  /** Printed under the studio's name on receipts; empty clears it. */
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'The studio address must be text' })
  @MaxLength(SETTINGS_LIMITS.studioAddressMax, {
    message: `The studio address must be at most ${SETTINGS_LIMITS.studioAddressMax} characters`,
  })
  studioAddress?: string | null;

  /** A VAT registration number (letters, digits and spaces, e.g. GB 123 4567 89); empty clears it. */
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'The VAT number must be text' })
  @Matches(/^[A-Za-z0-9 ]{4,30}$/, {
    message: 'The VAT number is 4 to 30 letters, digits and spaces (e.g. GB 123 4567 89)',
  })
  vatNumber?: string | null;
}
