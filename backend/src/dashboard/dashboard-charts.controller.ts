import { Controller, Get } from '@nestjs/common';
import type { DashboardCharts } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { DashboardChartsService } from './dashboard-charts.service';

/** The dashboard's charts: bookings and revenue, subscriber growth, messages. Money: admins only. */
@Controller('api/admin/stats')
@Auth('admin')
export class DashboardChartsController {
  constructor(private readonly charts: DashboardChartsService) {}

  @Get('charts')
  async get(): Promise<DashboardCharts> {
    return { success: true, ...(await this.charts.charts()) };
  }
}
