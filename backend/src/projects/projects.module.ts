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
import { ReviewBalanceService } from '../reviews/review-balance.service';
import { ReviewFiles } from '../reviews/review-files';
import { ReviewFinalsService } from '../reviews/review-finals.service';
import { ReviewRoundsService } from '../reviews/review-rounds.service';
import { ReviewSteps } from '../reviews/review-steps';
import { ReviewUrls } from '../reviews/review-urls';
import { ReviewVersionsService } from '../reviews/review-versions.service';
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
    ReviewSteps,
    ReviewFiles,
    ReviewVersionsService,
    ReviewRoundsService,
    ReviewBalanceService,
    ReviewFinalsService,
    ReviewUrls,
  ],
  exports: [
    QUEUES,
    ReviewsRepository,
    ReviewsService,
    ReviewVersionsService,
    ReviewRoundsService,
    ReviewBalanceService,
    ReviewFinalsService,
    ReviewUrls,
    ProjectsService,
    ProjectsRepository,
    PortalAuthService,
    PortalSessionGuard,
    ProjectsPersonalDataRepository,
  ],
})
export class ProjectsModule {}
