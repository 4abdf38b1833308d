import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { AdminReferralCode, PagedResponse } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { AdminReferralsService } from './admin-referrals.service';
import { AdminReferralListQuery } from './dto/admin-referrals.dto';

/** /admin/referrals: codes with their owners' and users' addresses, so admins only. */
@Controller('api/admin/referrals')
@Auth('admin')
export class AdminReferralsController {
  constructor(private readonly referrals: AdminReferralsService) {}

  @Get()
  async list(@Query() q: AdminReferralListQuery): Promise<PagedResponse<AdminReferralCode>> {
    return { success: true, ...(await this.referrals.list(q)) };
  }

  @Post(':id/void')
  @HttpCode(200)
  async void(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: 'Code voided', code: await this.referrals.void(id) };
  }
}
