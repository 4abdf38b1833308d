/** The dashboard's charts: monthly and weekly aggregates read from each feature's own service. */
import { Injectable } from '@nestjs/common';
import type { DashboardCharts } from '@studio/shared';
import { AdminMessagesService } from '../contact/admin-messages.service';
import { AdminSubscribersService } from '../newsletter/admin-subscribers.service';
import { PaymentLedgerService } from '../payments/payment-ledger.service';

export const CHART_MONTHS = 12;
export const CHART_WEEKS = 12;

@Injectable()
export class DashboardChartsService {
  constructor(
    private readonly payments: PaymentLedgerService,
    private readonly subscribers: AdminSubscribersService,
    private readonly messages: AdminMessagesService,
  ) {}

  async charts(): Promise<Omit<DashboardCharts, 'success'>> {
    const [totals, growth, weeks] = await Promise.all([
      this.payments.monthTotals(CHART_MONTHS),
      this.subscribers.monthlyGrowth(CHART_MONTHS),
      this.messages.weeklyCounts(CHART_WEEKS),
    ]);
    const byMonth = new Map(totals.map((t) => [t.month, t]));
    return {
      // The growth series has every month (empty ones as 0); payments fill in where they exist.
      months: growth.map((g) => ({
        month: g.month,
        bookings: byMonth.get(g.month)?.count ?? 0,
        revenue: byMonth.get(g.month)?.net ?? 0,
        signups: g.signups,
        confirmed: g.confirmed,
      })),
      weeks: weeks.map((w) => ({ week: w.week, messages: w.count })),
    };
  }
}
