import { Transform, Type } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

// Rules run from the bottom decorator up, stopping at the first failure.

export class SubscribeDto {
  @IsEmail({}, { message: 'Please enter a valid email address' })
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

export class ListQuery {
  @Max(500, { message: 'limit must be between 1 and 500' })
  @Min(1, { message: 'limit must be between 1 and 500' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @IsOptional()
  limit?: number;

  @Min(0, { message: 'offset must be 0 or more' })
  @IsInt({ message: 'offset must be a whole number' })
  @Type(() => Number)
  @IsOptional()
  offset?: number;
}
