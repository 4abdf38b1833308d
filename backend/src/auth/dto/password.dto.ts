import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ForgotPasswordDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.user.emailMax)
  email: string;
}

/** A reset or an invitation: the token from the mailed link and the new password. */
export class TokenPasswordDto {
  @IsString({ message: 'The link is missing its token' })
  @IsNotEmpty({ message: 'The link is missing its token' })
  @MaxLength(200)
  token: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1024)
  password: string;
}

export class ChangePasswordDto {
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(1024)
  currentPassword: string;

  @IsString({ message: 'New password is required' })
  @IsNotEmpty({ message: 'New password is required' })
  @MaxLength(1024)
  newPassword: string;
}
