import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ProjectsModule } from '../projects/projects.module';
import { StaffUploads } from './staff-uploads';
import { AbandonedUploadsSweeper } from './abandoned-uploads.sweeper';
import { ProbeProcessor } from './probe.processor';
import { TusUploadsService } from './tus-uploads.service';
import { UploadRateLimiter } from './upload-rate-limiter';
import { PROBE_QUEUE } from './uploads.constants';

@Module({
  imports: [
    BullModule.registerQueue({
      name: PROBE_QUEUE,
      defaultJobOptions: { removeOnComplete: 1000, removeOnFail: false },
    }),
    ProjectsModule,
    // Staff uploads are checked as the admin API checks staff (sessions, roles, two-factor).
    AuthModule,
  ],
  providers: [TusUploadsService, ProbeProcessor, AbandonedUploadsSweeper, UploadRateLimiter, StaffUploads],
  exports: [StaffUploads],
})
export class UploadsModule {}
