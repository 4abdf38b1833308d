import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import { ACCOUNT_MESSAGES, LIMITS } from '@studio/shared';

export class DataRequestDto {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsEmail({}, { message: ACCOUNT_MESSAGES.dataRequestEmail })
  @MaxLength(LIMITS.user.emailMax)
  email: string;
}
