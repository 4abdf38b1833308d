import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

/** Empty strings from a cleared form field mean "not given". */
const trimToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;

export class CreateCheckoutSessionDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Please choose a service.' })
  @MinLength(1, { message: 'Please choose a service.' })
  @MaxLength(100, { message: 'Unknown service' })
  serviceName: string;

  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'Invalid referral code' })
  @MaxLength(LIMITS.referral.codeMax, { message: 'Invalid referral code' })
  referralCode?: string;

  @IsOptional()
  @Transform(trimToUndefined)
  @IsEmail({}, { message: MESSAGES.referralEmail })
  @MaxLength(LIMITS.newsletter.emailMax, { message: MESSAGES.referralEmail })
  email?: string;
}
