import { BullModule } from '@nestjs/bull';
import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PaymentsModule } from '../payments/payments.module';
import { ProjectsModule } from '../projects/projects.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UploadsModule } from '../uploads/uploads.module';
import { AdminClientFilesController } from './admin-client-files.controller';
import { AdminReviewsController } from './admin-reviews.controller';
import { BalanceCheckoutService } from './balance-checkout.service';
import { BalanceReminders } from './balance-reminders';
import { BalanceSettlement } from './balance-settlement';
import { ClientFilesService } from './client-files.service';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { PayController } from './pay.controller';
import { PortalReviewsController } from './portal-reviews.controller';
import { PreviewProcessor } from './preview.processor';
import { ReminderProcessor } from './reminder.processor';
import { ReviewBalanceService } from './review-balance.service';
import { ReviewFiles } from './review-files';
import { ReviewFinalsService } from './review-finals.service';
import { ReviewNotesRepository } from './review-notes.repository';
import { ReviewNotesService } from './review-notes.service';
import { ReviewRoundsService } from './review-rounds.service';
import { ReviewSteps } from './review-steps';
import { ReviewUrls } from './review-urls';
import { ReviewVersionsService } from './review-versions.service';
import { PREVIEW_QUEUE, REMINDER_QUEUE } from './reviews.constants';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';
import { StaffPreviewPass } from './staff-preview-pass';
import { StaffTusUploads } from './staff-tus-uploads';

/**
 * Client projects, part 2: versions and their previews, notes and revision rounds, approval and
 * the balance, final files and downloads, over HTTP (the portal's and the staff's review API,
 * signed media, the /pay balance checkout) and in the workers (the preview and reminder jobs).
 * It builds on ProjectsModule (the project, its timeline, portal sessions) and PaymentsModule
 * (a paid balance reaches it through the settlement hook BalanceSettlement registers).
 */
@Module({
  imports: [
    ProjectsModule,
    PaymentsModule,
    // Staff preview passes name a staff session (StaffPreviewPass).
    SessionsModule,
    // Staff versions and final files by tus: this module handles what the endpoint receives.
    UploadsModule,
    BullModule.registerQueue(
      { name: PREVIEW_QUEUE, defaultJobOptions: { removeOnComplete: 1000, removeOnFail: false } },
      { name: REMINDER_QUEUE, defaultJobOptions: { removeOnComplete: true, removeOnFail: 100 } },
    ),
  ],
  controllers: [
    PortalReviewsController,
    AdminReviewsController,
    AdminClientFilesController,
    MediaController,
    PayController,
  ],
  providers: [
    ReviewsRepository,
    ReviewSteps,
    ReviewFiles,
    ReviewUrls,
    ReviewsService,
    ReviewVersionsService,
    ReviewRoundsService,
    ReviewBalanceService,
    ReviewFinalsService,
    ReviewNotesRepository,
    ReviewNotesService,
    BalanceSettlement,
    BalanceReminders,
    BalanceCheckoutService,
    MediaService,
    ClientFilesService,
    StaffPreviewPass,
    StaffTusUploads,
    PreviewProcessor,
    ReminderProcessor,
  ],
})
export class ReviewsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    // Staff version and final-file uploads: the body stays unread and streams to storage.
    const leaveUnread = (_req: unknown, _payload: unknown, done: (err: null) => void) => done(null);
    fastify.addContentTypeParser('application/octet-stream', leaveUnread);
    fastify.addContentTypeParser(/^audio\/[\w.+-]+$/, leaveUnread);
  }
}
