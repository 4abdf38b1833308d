import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import {
  REFERRAL_SORTS,
  REFERRAL_STATES,
  type AdminReferralCode,
  type PagedResponse,
  type ReferralState,
} from '@studio/shared';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { AdminListQuery, pageOf } from '../common/admin-list.query';
import { Auth } from '../common/decorators/roles.decorator';
import { conflict, notFound } from '../common/errors/app.exception';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import { ReferralRepository } from './referral.repository';

export class ReferralListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(REFERRAL_SORTS, { message: `sort must be one of ${REFERRAL_SORTS.join(', ')}` })
  sort?: (typeof REFERRAL_SORTS)[number];

  @IsOptional()
  @IsIn(REFERRAL_STATES, { message: `state must be one of ${REFERRAL_STATES.join(', ')}` })
  state?: ReferralState;
}

export function referralState(c: ReferralCodeEntity, now = Date.now()): ReferralState {
  if (c.voidedAt) return 'void';
  if (c.isUsed) return 'used';
  return c.expiresAt.getTime() <= now ? 'expired' : 'available';
}

const toAdmin = (c: ReferralCodeEntity): AdminReferralCode => ({
  id: c.id,
  code: c.code,
  generatedBy: c.generatedBy,
  usedBy: c.usedBy,
  discountPercent: c.discountPercent,
  state: referralState(c),
  expiresAt: c.expiresAt.toISOString(),
  voidedAt: c.voidedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

/** /admin/referrals: codes with their owners' and users' addresses, so admins only. */
@Controller('api/admin/referrals')
@Auth('admin')
export class AdminReferralsController {
  constructor(private readonly repo: ReferralRepository) {}

  @Get()
  async list(@Query() q: ReferralListQuery): Promise<PagedResponse<AdminReferralCode>> {
    const [rows, total] = await this.repo.list(
      {
        search: q.search || undefined,
        state: q.state,
        sort: q.sort ?? 'createdAt',
        order: q.order ?? 'desc',
      },
      pageOf(q),
    );
    return { success: true, items: rows.map(toAdmin), total };
  }

  @Post(':id/void')
  @HttpCode(200)
  async void(@Param('id', IdParamPipe) id: number) {
    const code = await this.repo.findById(id);
    if (!code) throw notFound('Referral code not found.', 'REFERRAL_NOT_FOUND');
    if (!(await this.repo.void(id))) {
      throw conflict(
        code.voidedAt ? 'This code is already void.' : 'A used code cannot be voided.',
        'REFERRAL_NOT_VOIDABLE',
      );
    }
    return {
      success: true,
      message: 'Code voided',
      code: toAdmin((await this.repo.findById(id)) as ReferralCodeEntity),
    };
  }
}
