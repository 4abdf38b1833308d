import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { ContactModule } from '../contact/contact.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProjectsModule } from '../projects/projects.module';
import { ReferralModule } from '../referral/referral.module';
import { UsersModule } from '../users/users.module';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsService } from './data-requests.service';

@Module({
  imports: [
    UsersModule,
    ContactModule,
    NewsletterModule,
    ReferralModule,
    PaymentsModule,
    BlogModule,
    ProjectsModule,
  ],
  controllers: [DataRequestsController],
  providers: [DataRequestsService],
})
export class DataRequestsModule {}
