import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
const trimUpper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

// Rules run from the bottom decorator up, stopping at the first failure.

export class ReferralEmailDto {
  @MaxLength(LIMITS.newsletter.emailMax, { message: MESSAGES.referralEmail })
  @IsEmail({}, { message: MESSAGES.referralEmail })
  @Transform(trimLower)
  email: string;
}

/** GET /api/referral/list?email= */
export class ReferralListQuery extends ReferralEmailDto {}

export class ValidateReferralDto {
  @MaxLength(LIMITS.referral.codeMax, { message: 'Invalid referral code' })
  @IsNotEmpty({ message: 'Please enter a referral code' })
  @IsString({ message: 'Please enter a referral code' })
  @Transform(trimUpper)
  code: string;
}
