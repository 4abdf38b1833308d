import { PaymentsRepository } from './payments.repository';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectsModule } from '../projects/projects.module';
import { ReferralModule } from '../referral/referral.module';
import { ServicesModule } from '../services/services.module';
import { Payment } from './entities/payment.entity';
import { StripeEvent } from './entities/stripe-event.entity';
import { PaymentsConfiguredGuard } from './payments-configured.guard';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { stripeProvider } from './stripe.provider';

@Module({
  imports: [TypeOrmModule.forFeature([Payment, StripeEvent]), ServicesModule, ReferralModule, ProjectsModule],
  controllers: [PaymentsController, StripeWebhookController],
  providers: [
    stripeProvider,
    PaymentsService,
    PaymentsRepository,
    StripeWebhookService,
    PaymentsConfiguredGuard,
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
