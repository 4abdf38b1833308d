import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { LIMITS, MESSAGES } from '@studio/shared';

const trimToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : value;

export class PaymentIntentMetadataDto {
  /** A label only: with a serviceId the catalogue's name is used instead. */
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'The service name must be text.' })
  @MaxLength(100, { message: 'The service name must be at most 100 characters.' })
  service_name?: string;
}

export class CreatePaymentIntentDto {
  /**
   * Pounds. Read only for a custom payment: with a serviceId the server charges the deposit
   * and ignores whatever was sent here, so it is not validated then either.
   */
  @ValidateIf((o: CreatePaymentIntentDto) => o.serviceId === undefined || o.serviceId === null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'The amount must be a number in pounds.' })
  amount?: unknown;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The service id must be a whole number.' })
  @Min(1, { message: 'The service id must be a whole number.' })
  serviceId?: number | null;

  @IsOptional()
  @IsObject({ message: 'metadata must be an object.' })
  @ValidateNested()
  @Type(() => PaymentIntentMetadataDto)
  metadata?: PaymentIntentMetadataDto;

  /** Where the receipt and confirmation go; optional because the Payment Element does not ask. */
  @IsOptional()
  @Transform(trimToUndefined)
  @IsEmail({}, { message: MESSAGES.email })
  @MaxLength(LIMITS.user.emailMax)
  email?: string;
}
