import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length, MaxLength, MinLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @Transform(trim)
  @IsString({ message: 'Username is required' })
  @Length(LIMITS.user.usernameMin, LIMITS.user.usernameMax, {
    message: `Username must be ${LIMITS.user.usernameMin}-${LIMITS.user.usernameMax} characters`,
  })
  username: string;

  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.user.emailMax)
  email: string;

  @IsString({ message: 'Password is required' })
  @MinLength(LIMITS.user.passwordMin, { message: MESSAGES.passwordHint })
  @MaxLength(1024)
  password: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.user.displayNameMax, {
    message: `Display name must be at most ${LIMITS.user.displayNameMax} characters`,
  })
  displayName?: string;

  /** Accepted and ignored: registration always creates an author. */
  @IsOptional()
  role?: unknown;
}
