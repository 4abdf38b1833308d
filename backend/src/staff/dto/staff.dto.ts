import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS, ROLES, type Role, MESSAGES } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class InviteStaffDto {
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.user.emailMax)
  email: string;

  @IsIn(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` })
  role: Role;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.user.displayNameMax)
  displayName?: string;
}

export class ChangeRoleDto {
  @IsIn(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` })
  role: Role;
}

export class SecuritySettingsDto {
  @IsBoolean({ message: 'requireTwoFactor must be true or false' })
  requireTwoFactor: boolean;
}
