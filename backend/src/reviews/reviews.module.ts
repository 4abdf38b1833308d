import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PaymentsModule } from '../payments/payments.module';
import { ProjectsModule } from '../projects/projects.module';
import { AdminReviewsController } from './admin-reviews.controller';
import { BalanceCheckoutService } from './balance-checkout.service';
import { MediaController } from './media.controller';
import { PayController } from './pay.controller';
import { PortalReviewsController } from './portal-reviews.controller';
import { PreviewProcessor } from './preview.processor';
import { ReviewNotesRepository } from './review-notes.repository';
import { ReviewNotesService } from './review-notes.service';

/**
 * Client projects, part 2 over HTTP and in the workers: the portal's review API, the staff
 * review API, signed media, the /pay balance checkout, and the preview and reminder jobs. The
 * rules live in ProjectsModule's ReviewsService (the Stripe webhook needs them too).
 */
@Module({
  imports: [ProjectsModule, PaymentsModule],
  controllers: [PortalReviewsController, AdminReviewsController, MediaController, PayController],
  providers: [BalanceCheckoutService, PreviewProcessor, ReviewNotesRepository, ReviewNotesService],
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
