import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import {
  CONTACT_MESSAGES,
  CONTACT_SERVICE_VALUES,
  CONTACT_V2_SERVICES,
  LIMITS,
  MESSAGES,
} from '@studio/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const L = LIMITS.contact;

// class-validator checks a property's rules from the bottom decorator up and stops at the
// first failure, so the most basic rule sits closest to the property.

/** The contact schema of spec §5, enforced on the server with the form's own wording. */
export class ContactDto {
  @Length(L.nameMin, L.nameMax, { message: CONTACT_MESSAGES.name })
  @IsString({ message: 'Name is required' })
  @Transform(trim)
  name: string;

  @IsEmail({}, { message: CONTACT_MESSAGES.email })
  @Length(L.emailMin, L.emailMax, { message: CONTACT_MESSAGES.emailLength })
  @IsString({ message: 'Email is required' })
  @Transform(trim)
  email: string;

  @IsIn(CONTACT_SERVICE_VALUES, { message: MESSAGES.contactService })
  service: string;

  @Length(L.messageMin, L.messageMax, { message: CONTACT_MESSAGES.message })
  @IsString({ message: 'Message is required' })
  @Transform(trim)
  message: string;

  /** Honeypot: hidden from people by the form, filled in by bots. */
  @MaxLength(500)
  @IsString()
  @IsOptional()
  website?: string;
}

export const CONTACT_V2_SERVICE_VALUES: readonly string[] = [
  ...new Set([...CONTACT_SERVICE_VALUES, ...CONTACT_V2_SERVICES]),
];

/** The V2 test form also offers 'production'. */
export class ContactV2Dto extends ContactDto {
  @IsIn(CONTACT_V2_SERVICE_VALUES, { message: MESSAGES.contactService })
  declare service: string;
}
