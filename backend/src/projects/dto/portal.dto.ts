import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class PortalLinkDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.referralEmail })
  @MaxLength(LIMITS.newsletter.emailMax, { message: MESSAGES.referralEmail })
  email: string;
}

export class PortalSessionDto {
  @IsString({ message: 'The sign-in link is incomplete.' })
  @MinLength(10, { message: 'The sign-in link is incomplete.' })
  @MaxLength(200, { message: 'The sign-in link is incomplete.' })
  token: string;
}
