import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
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
  ],
  providers: [TusUploadsService, ProbeProcessor, AbandonedUploadsSweeper, UploadRateLimiter],
})
export class UploadsModule {}
