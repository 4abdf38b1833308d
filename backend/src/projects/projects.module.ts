import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminProjectsController } from './admin-projects.controller';
import { PortalTokenEntity } from './entities/portal-token.entity';
import { ProjectEventEntity } from './entities/project-event.entity';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectEntity } from './entities/project.entity';
import { PortalAuthService } from './portal-auth.service';
import { PortalSessionGuard } from './portal-session.guard';
import { PortalTokensRepository } from './portal-tokens.repository';
import { PortalController } from './portal.controller';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ProjectsPersonalDataRepository } from './projects-personal-data.repository';
import { ReviewUrls } from '../reviews/review-urls';
import { PREVIEW_QUEUE, REMINDER_QUEUE } from '../reviews/reviews.constants';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { ReviewsService } from '../reviews/reviews.service';

const QUEUES = BullModule.registerQueue(
  { name: PREVIEW_QUEUE, defaultJobOptions: { removeOnComplete: 1000, removeOnFail: false } },
  { name: REMINDER_QUEUE, defaultJobOptions: { removeOnComplete: true, removeOnFail: 100 } },
);

@Module({
  imports: [
    TypeOrmModule.forFeature([ProjectEntity, ProjectEventEntity, ProjectFileEntity, PortalTokenEntity]),
    QUEUES,
  ],
  controllers: [PortalController, AdminProjectsController],
  providers: [
    ProjectsPersonalDataRepository,
    ProjectsRepository,
    PortalTokensRepository,
    ProjectsService,
    PortalAuthService,
    PortalSessionGuard,
    ReviewsRepository,
    ReviewsService,
    ReviewUrls,
  ],
  exports: [
    QUEUES,
    ReviewsRepository,
    ReviewsService,
    ReviewUrls,
    ProjectsService,
    ProjectsRepository,
    PortalAuthService,
    PortalSessionGuard,
    ProjectsPersonalDataRepository,
  ],
})
export class ProjectsModule {}
