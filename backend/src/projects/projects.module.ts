import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { AdminProjectsController } from './admin-projects.controller';
import { BookingSettlement } from './booking-settlement';
import { PortalTokenEntity } from './entities/portal-token.entity';
import { ProjectEventEntity } from './entities/project-event.entity';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectEntity } from './entities/project.entity';
import { PortalAuthService } from './portal-auth.service';
import { PortalSessionGuard } from './portal-session.guard';
import { PortalTokensRepository } from './portal-tokens.repository';
import { PortalController } from './portal.controller';
import { ProjectFilesService } from './project-files.service';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ProjectsPersonalDataRepository } from './projects-personal-data.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([ProjectEntity, ProjectEventEntity, ProjectFileEntity, PortalTokenEntity]),
    PaymentsModule,
  ],
  controllers: [PortalController, AdminProjectsController],
  providers: [
    ProjectsPersonalDataRepository,
    ProjectsRepository,
    PortalTokensRepository,
    ProjectsService,
    ProjectFilesService,
    PortalAuthService,
    PortalSessionGuard,
    BookingSettlement,
  ],
  exports: [
    ProjectsService,
    ProjectFilesService,
    ProjectsRepository,
    PortalAuthService,
    PortalSessionGuard,
    ProjectsPersonalDataRepository,
  ],
})
export class ProjectsModule {}
