import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES, PORTAL_RETURN_PATH } from '@studio/shared';

const PORTAL_RETURN_MESSAGE = 'A sign-in link can only return to the portal or one of its projects.';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class PortalLinkDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.referralEmail })
  @MaxLength(LIMITS.newsletter.emailMax, { message: MESSAGES.referralEmail })
  email: string;

  /** The portal page the mailed link returns to: `/portal` or `/portal/projects/{id}`. */
  @IsOptional()
  @IsString({ message: PORTAL_RETURN_MESSAGE })
  @Matches(PORTAL_RETURN_PATH, { message: PORTAL_RETURN_MESSAGE })
  next?: string;
}

export class PortalSessionDto {
  @IsString({ message: 'The sign-in link is incomplete.' })
  @MinLength(10, { message: 'The sign-in link is incomplete.' })
  @MaxLength(200, { message: 'The sign-in link is incomplete.' })
  token: string;
}
