import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferralModule } from '../referral/referral.module';
import { AdminSubscribersController } from './admin-subscribers.controller';
import { AdminSubscribersService } from './admin-subscribers.service';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity';
import { SubscribersRepository } from './subscribers.repository';
import { LotteryDraw } from './lottery/entities/lottery-draw.entity';
import { LOTTERY_QUEUE } from './lottery/lottery.constants';
import { LotteryRepository } from './lottery/lottery.repository';
import { LotteryScheduler } from './lottery/lottery.scheduler';
import { LotteryService } from './lottery/lottery.service';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';
import { NewsletterPersonalDataRepository } from './newsletter-personal-data.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([NewsletterSubscriber, LotteryDraw]),
    BullModule.registerQueue({ name: LOTTERY_QUEUE }),
    ReferralModule,
  ],
  controllers: [NewsletterController, AdminSubscribersController],
  providers: [
    NewsletterService,
    LotteryService,
    LotteryScheduler,
    SubscribersRepository,
    LotteryRepository,
    AdminSubscribersService,
    NewsletterPersonalDataRepository,
  ],
  exports: [NewsletterService, LotteryService, NewsletterPersonalDataRepository],
})
export class NewsletterModule {}
