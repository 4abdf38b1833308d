import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PaymentsModule } from '../payments/payments.module';
import { DashboardChartsController } from './dashboard-charts.controller';
import { DashboardChartsService } from './dashboard-charts.service';

/** Aggregates across features for the admin dashboard; each feature answers through its service. */
@Module({
  imports: [ContactModule, NewsletterModule, PaymentsModule],
  controllers: [DashboardChartsController],
  providers: [DashboardChartsService],
})
export class DashboardModule {}
