import { IsIn, IsOptional, Matches } from 'class-validator';
import { MONTH_PATTERN, SUBSCRIBER_SORTS, SUBSCRIBER_STATES } from '@studio/shared';
import { AdminListQuery } from '../../common/admin-list.query';

/** GET /api/admin/subscribers (and format=csv). */
export class SubscriberListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(SUBSCRIBER_SORTS, { message: `sort must be one of ${SUBSCRIBER_SORTS.join(', ')}` })
  sort?: (typeof SUBSCRIBER_SORTS)[number];

  @IsOptional()
  @IsIn(SUBSCRIBER_STATES, { message: `state must be one of ${SUBSCRIBER_STATES.join(', ')}` })
  state?: (typeof SUBSCRIBER_STATES)[number];

  /** Only subscribers someone referred ('yes') or nobody did ('no'). */
  @IsOptional()
  @IsIn(['yes', 'no'], { message: 'referred must be yes or no' })
  referred?: 'yes' | 'no';

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

/** POST /api/admin/lottery/draws: the month to draw (default: the current London month). */
export class DrawMonthDto {
  @IsOptional()
  @Matches(MONTH_PATTERN, { message: 'month must look like 2026-03' })
  month?: string;
}
