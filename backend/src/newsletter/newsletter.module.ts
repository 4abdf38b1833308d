import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferralModule } from '../referral/referral.module';
import { AdminSubscribersController } from './admin-subscribers.controller';
import { AdminSubscribersService } from './admin-subscribers.service';
import { NewsletterSubscriberEntity } from './entities/newsletter-subscriber.entity';
import { SubscribersRepository } from './subscribers.repository';
import { LotteryDrawEntity } from './lottery/entities/lottery-draw.entity';
import { LOTTERY_QUEUE } from './lottery/lottery.constants';
import { LotteryRepository } from './lottery/lottery.repository';
import { LotteryScheduler } from './lottery/lottery.scheduler';
import { LotteryService } from './lottery/lottery.service';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';
import { NewsletterPersonalDataRepository } from './newsletter-personal-data.repository';
import { AdminNewsletterController } from './issues/admin-newsletter.controller';
import { NewsletterIssue } from './issues/entities/newsletter-issue.entity';
import { NewsletterDispatcher } from './issues/newsletter-dispatcher';
import { NEWSLETTER_QUEUE } from './issues/newsletter-issues.constants';
import { NewsletterIssuesRepository } from './issues/newsletter-issues.repository';
import { NewsletterIssuesService } from './issues/newsletter-issues.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([NewsletterSubscriberEntity, LotteryDrawEntity, NewsletterIssue]),
    BullModule.registerQueue({ name: LOTTERY_QUEUE }, { name: NEWSLETTER_QUEUE }),
    ReferralModule,
  ],
  controllers: [NewsletterController, AdminSubscribersController, AdminNewsletterController],
  providers: [
    NewsletterService,
    LotteryService,
    LotteryScheduler,
    SubscribersRepository,
    LotteryRepository,
    AdminSubscribersService,
    NewsletterPersonalDataRepository,
    NewsletterIssuesRepository,
    NewsletterIssuesService,
    NewsletterDispatcher,
  ],
  exports: [NewsletterService, LotteryService, NewsletterPersonalDataRepository, AdminSubscribersService],
})
export class NewsletterModule {}
