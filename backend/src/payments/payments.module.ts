import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferralModule } from '../referral/referral.module';
import { ServicesModule } from '../services/services.module';
import { AdminPaymentsController } from './admin-payments.controller';
import { PaymentIssueEntity } from './entities/payment-issue.entity';
import { PaymentRefundEntity } from './entities/payment-refund.entity';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentLedgerService } from './payment-ledger.service';
import { PaymentMailsService } from './payment-mails.service';
import { PaymentSettlementHooks } from './payment-settlement-hooks';
import { MoneyLedgerRepository } from './money-ledger.repository';
import { ReconciliationRepository } from './reconciliation/reconciliation.repository';
import { RECONCILIATION_QUEUE, ReconciliationScheduler } from './reconciliation/reconciliation.scheduler';
import { ReconciliationService } from './reconciliation/reconciliation.service';
import { PaymentIssuesRepository } from './payment-issues.repository';
import { PaymentsRepository } from './payments.repository';
import { StripeEventEntity } from './entities/stripe-event.entity';
import { PaymentsConfiguredGuard } from './payments-configured.guard';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { stripeProvider } from './stripe.provider';
import { UnowedPaymentsService } from './unowed-payments.service';
import { PaymentsPersonalDataRepository } from './payments-personal-data.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([PaymentEntity, StripeEventEntity, PaymentRefundEntity, PaymentIssueEntity]),
    ServicesModule,
    ReferralModule,
    BullModule.registerQueue({ name: RECONCILIATION_QUEUE }),
  ],
  controllers: [PaymentsController, StripeWebhookController, AdminPaymentsController],
  providers: [
    stripeProvider,
    PaymentsService,
    StripeWebhookService,
    UnowedPaymentsService,
    PaymentMailsService,
    PaymentsConfiguredGuard,
    PaymentsRepository,
    PaymentLedgerService,
    PaymentsPersonalDataRepository,
    PaymentSettlementHooks,
    PaymentIssuesRepository,
    MoneyLedgerRepository,
    ReconciliationRepository,
    ReconciliationService,
    ReconciliationScheduler,
  ],
  exports: [
    PaymentsService,
    PaymentsPersonalDataRepository,
    PaymentLedgerService,
    PaymentSettlementHooks,
    PaymentIssuesRepository,
    MoneyLedgerRepository,
  ],
})
export class PaymentsModule {}
