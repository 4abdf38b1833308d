import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BlogModule } from './blog/blog.module';
import { ContactModule } from './contact/contact.module';
import { AppConfig } from './config/app-config';
import { APP_CONFIG, ConfigModule } from './config/config.module';
import { DataRequestsModule } from './data-requests/data-requests.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { NativeFormsModule } from './native-forms/native-forms.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { PaymentsModule } from './payments/payments.module';
import { ReceiptsModule } from './payments/receipts/receipts.module';
import { ProjectsModule } from './projects/projects.module';
import { StorageModule } from './storage/storage.module';
import { UploadsModule } from './uploads/uploads.module';
import { REDIS, RedisModule } from './redis/redis.module';
import { ReferralModule } from './referral/referral.module';
import { ReviewsModule } from './reviews/reviews.module';
import { ServicesModule } from './services/services.module';
import { SettingsModule } from './settings/settings.module';
import { SiteModule } from './site/site.module';
import { StaffModule } from './staff/staff.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (c: AppConfig) => ({ redis: c.redis.url, prefix: `${c.redis.prefix}:bull` }),
        }),
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
            storage: new ThrottlerStorageRedisService(redis),
          }),
        }),
        HealthModule,
        AuditModule,
        UsersModule,
        AuthModule,
        StaffModule,
        MailModule,
        ReferralModule,
        NewsletterModule,
        ContactModule,
        ServicesModule,
        PaymentsModule,
        ReceiptsModule,
        StorageModule,
        ProjectsModule,
        UploadsModule,
        ReviewsModule,
        SettingsModule,
        BlogModule,
        DataRequestsModule,
        NativeFormsModule,
        DashboardModule,
        // Last: its catch-all GET must not shadow API routes.
        SiteModule,
      ],
    };
  }
}
