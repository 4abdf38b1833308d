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

@Module({
  imports: [
    TypeOrmModule.forFeature([ProjectEntity, ProjectEventEntity, ProjectFileEntity, PortalTokenEntity]),
  ],
  controllers: [PortalController, AdminProjectsController],
  providers: [
    ProjectsRepository,
    PortalTokensRepository,
    ProjectsService,
    PortalAuthService,
    PortalSessionGuard,
  ],
  exports: [ProjectsService, ProjectsRepository, PortalAuthService, PortalSessionGuard],
})
export class ProjectsModule {}
