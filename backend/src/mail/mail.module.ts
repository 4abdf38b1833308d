import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { QueueDashboard } from './dashboard/queue-dashboard';
import { EmailTestController } from './email-test.controller';
import { EmailTestService } from './email-test.service';
import { MailOutboxEntity } from './entities/mail-outbox.entity';
import { MailPersonalDataRepository } from './mail-personal-data.repository';
import { MailStore } from './mail-store.repository';
import { MAIL_QUEUE, mailJobOptions } from './mail.constants';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailProcessor } from './mail.processor';
import { MailDeliveryHooks } from './mail-delivery-hooks';
import { MailService } from './mail.service';
import { RecipientLimiter } from './recipient-limiter';
import { SmtpMailerModule, SmtpPoolGate } from './smtp-transport';

/**
 * Global: any feature can inject MailService to queue a mail, and QueueDashboard to show its
 * own queue at /admin/queues.
 */
@Global()
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: MAIL_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ defaultJobOptions: mailJobOptions(config.mail.retryDelayMs) }),
    }),
    SmtpMailerModule,
    TypeOrmModule.forFeature([MailOutboxEntity]),
    SessionsModule,
    // The dashboard applies the studio's two-factor requirement (SecuritySettingsService).
    AuthModule,
  ],
  controllers: [EmailTestController],
  providers: [
    MailService,
    MailStore,
    MailPersonalDataRepository,
    MailOutboxRepository,
    MailProcessor,
    EmailTestService,
    QueueDashboard,
    RecipientLimiter,
    MailDeliveryHooks,
    SmtpPoolGate,
  ],
  exports: [
    // For the mailer module's transport factory (smtp-transport.ts).
    SmtpPoolGate,
    MailService,
    QueueDashboard,
    RecipientLimiter,
    MailDeliveryHooks,
    MailPersonalDataRepository,
  ],
})
export class MailModule {}
