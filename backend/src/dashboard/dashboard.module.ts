import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProjectsModule } from '../projects/projects.module';
import { DashboardActionsController } from './dashboard-actions.controller';
import { DashboardActionsService } from './dashboard-actions.service';
import { DashboardChartsController } from './dashboard-charts.controller';
import { DashboardChartsService } from './dashboard-charts.service';

/** Aggregates across features for the admin dashboard; each feature answers through its service. */
@Module({
  imports: [ContactModule, NewsletterModule, PaymentsModule, ProjectsModule],
  controllers: [DashboardChartsController, DashboardActionsController],
  providers: [DashboardChartsService, DashboardActionsService],
})
export class DashboardModule {}
