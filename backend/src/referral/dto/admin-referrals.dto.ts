import { IsIn, IsOptional } from 'class-validator';
import { REFERRAL_SORTS, REFERRAL_STATES, type ReferralState } from '@studio/shared';
import { AdminListQuery } from '../../common/admin-list.query';

/** /api/admin/referrals' paging, search, sort and state filter. */
export class AdminReferralListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(REFERRAL_SORTS, { message: `sort must be one of ${REFERRAL_SORTS.join(', ')}` })
  sort?: (typeof REFERRAL_SORTS)[number];

  @IsOptional()
  @IsIn(REFERRAL_STATES, { message: `state must be one of ${REFERRAL_STATES.join(', ')}` })
  state?: ReferralState;
}
