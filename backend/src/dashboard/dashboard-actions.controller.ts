import { Controller, Get, Query } from '@nestjs/common';
import type { DashboardActionsResponse } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { DashboardActionsService } from './dashboard-actions.service';
import { DashboardActionsQuery } from './dto/dashboard-actions.dto';

/** The work waiting for the studio, oldest first, complete; `?kind=` keeps one kind. Admins only. */
@Controller('api/admin/dashboard')
@Auth('admin')
export class DashboardActionsController {
  constructor(private readonly actions: DashboardActionsService) {}

  @Get('actions')
  async list(@Query() q: DashboardActionsQuery): Promise<DashboardActionsResponse> {
    const { actions, counts } = await this.actions.list(q.kind);
    return { success: true, actions, total: actions.length, counts };
  }
}
