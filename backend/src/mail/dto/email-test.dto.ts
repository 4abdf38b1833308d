import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// Rules run from the bottom decorator up, stopping at the first failure.

export class DebugEmailDto {
  /** When the page asked; shown in the mail so the tester can match mail and click. */
  @MaxLength(100, { message: 'timestamp must be at most 100 characters' })
  @IsString({ message: 'timestamp must be text' })
  @IsOptional()
  timestamp?: string;

  @MaxLength(2000, { message: 'extraInfo must be at most 2000 characters' })
  @IsString({ message: 'extraInfo must be text' })
  @IsOptional()
  extraInfo?: string;

  @MaxLength(200, { message: 'The subject must be at most 200 characters' })
  @IsString({ message: 'The subject must be text' })
  @Transform(trim)
  @IsOptional()
  subject?: string;

  @MaxLength(5000, { message: 'The message must be at most 5000 characters' })
  @IsString({ message: 'The message must be text' })
  @IsOptional()
  message?: string;
}

export class CustomerEmailDto {
  @MaxLength(255, { message: MESSAGES.email })
  @IsEmail({}, { message: MESSAGES.email })
  @IsNotEmpty({ message: MESSAGES.testEmailRequired })
  @Transform(trim)
  email: string;
}

export const DELIVERY_PROVIDERS = ['microsoft', 'other'] as const;
export type DeliveryProvider = (typeof DELIVERY_PROVIDERS)[number];

export class DeliveryTestDto extends CustomerEmailDto {
  @IsIn(DELIVERY_PROVIDERS, { message: 'provider must be microsoft or other' })
  provider: DeliveryProvider;

  @MaxLength(100, { message: 'The name must be at most 100 characters' })
  @IsString({ message: 'The name must be text' })
  @Transform(trim)
  @IsOptional()
  name?: string;

  @MaxLength(100, { message: 'The service must be at most 100 characters' })
  @IsString({ message: 'The service must be text' })
  @Transform(trim)
  @IsOptional()
  service?: string;
}
