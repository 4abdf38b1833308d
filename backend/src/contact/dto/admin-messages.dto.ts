import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  LIMITS,
  MESSAGE_SORTS,
  MESSAGE_STATUSES,
  REPLY_LIMITS,
  REPLY_MESSAGES,
  type MessageStatus,
} from '@studio/shared';
import { AdminListQuery } from '../../common/admin-list.query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** GET /api/admin/messages. */
export class MessageListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(MESSAGE_SORTS, { message: `sort must be one of ${MESSAGE_SORTS.join(', ')}` })
  sort?: (typeof MESSAGE_SORTS)[number];

  @IsOptional()
  @IsIn(MESSAGE_STATUSES, { message: REPLY_MESSAGES.status })
  status?: MessageStatus;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(LIMITS.contact.serviceMax, { message: 'Unknown service' })
  service?: string;
}

/** PATCH /api/admin/messages/:id. */
export class UpdateMessageDto {
  @IsIn(MESSAGE_STATUSES, { message: REPLY_MESSAGES.status })
  status: MessageStatus;
}

/** POST /api/admin/messages/:id/reply: a reply, or a deposit link when `serviceId` is given. */
export class ReplyDto {
  @IsOptional()
  @Transform(trim)
  @IsString({ message: REPLY_MESSAGES.body })
  @Length(REPLY_LIMITS.bodyMin, REPLY_LIMITS.bodyMax, { message: REPLY_MESSAGES.body })
  body?: string;

  @IsOptional()
  @IsInt({ message: 'serviceId must be a service id' })
  @Min(1, { message: 'serviceId must be a service id' })
  @Max(2_147_483_647, { message: 'serviceId must be a service id' })
  serviceId?: number;

  /** Chosen by the client per reply: a double click or a retry with the same key sends one reply. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,100}$/, { message: 'idempotencyKey must be 8 to 100 letters, digits, - or _' })
  idempotencyKey?: string;
}
