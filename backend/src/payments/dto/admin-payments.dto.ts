import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';
import {
  MONTH_PATTERN,
  PAYMENT_KIND_VALUES,
  PAYMENT_SORTS,
  PAYMENT_STATUS_VALUES,
  REFUND_MESSAGES,
  REFUND_PROJECT_ACTIONS,
  type RefundProjectAction,
  type PaymentStatusValue,
} from '@studio/shared';
import { AdminListQuery } from '../../common/admin-list.query';

/** GET /api/admin/payments (and its CSV export with format=csv). */
export class PaymentListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(PAYMENT_SORTS, { message: `sort must be one of ${PAYMENT_SORTS.join(', ')}` })
  sort?: (typeof PAYMENT_SORTS)[number];

  @IsOptional()
  @IsIn(PAYMENT_STATUS_VALUES, { message: `status must be one of ${PAYMENT_STATUS_VALUES.join(', ')}` })
  status?: PaymentStatusValue;

  @IsOptional()
  @IsIn(PAYMENT_KIND_VALUES, { message: `kind must be one of ${PAYMENT_KIND_VALUES.join(', ')}` })
  kind?: (typeof PAYMENT_KIND_VALUES)[number];

  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'month must look like 2026-03' })
  month?: string;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

/**
 * POST /api/admin/payments/:id/refund: `amount` in pence; without it, everything refundable.
 * `requestId` is made by the refund form once per refund it shows: sent twice (a double click, a
 * retry after a timeout), it is one refund. `reason` is mailed to the client; `projectAction`
 * puts the payment's project on hold or cancels it in the refund's transaction.
 */
export class RefundDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: REFUND_MESSAGES.reason })
  @Length(3, 500, { message: REFUND_MESSAGES.reason })
  reason: string;

  @IsOptional()
  @IsIn(REFUND_PROJECT_ACTIONS, { message: REFUND_MESSAGES.projectAction })
  projectAction?: RefundProjectAction;

  @IsUUID('all', { message: REFUND_MESSAGES.requestId })
  requestId: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === null ? undefined : value))
  @IsInt({ message: REFUND_MESSAGES.amount })
  @Min(1, { message: REFUND_MESSAGES.amount })
  @Max(100_000_000, { message: REFUND_MESSAGES.tooMuch })
  amount?: number;
}
