import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

// Rules run from the bottom decorator up, stopping at the first failure.

export class SubscribeDto {
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.newsletter.emailMax, {
    message: `Email must be at most ${LIMITS.newsletter.emailMax} characters`,
  })
  @IsNotEmpty({ message: MESSAGES.emailRequiredDescription })
  @IsString({ message: MESSAGES.emailRequiredDescription })
  @Transform(trimLower)
  email: string;

  /** A friend's referral code: recorded as referredBy, and the subscriber gets the discount. */
  @MaxLength(LIMITS.referral.codeMax, { message: 'Invalid referral code' })
  @IsString({ message: 'Invalid referral code' })
  @IsOptional()
  referralCode?: string;
}
