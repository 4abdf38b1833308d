/**
 * Removes uploads a client started and never finished: after ABANDONED_UPLOAD_MS the file row
 * is marked failed (so what it received stops counting against the project's limit) and
 * the partial bytes leave storage (on S3 the unfinished multipart upload is aborted too) through
 * StorageRemovals, which keeps retrying a removal that fails.
 * Runs hourly in processes that work queues (ROLE all or worker); the claim is one UPDATE, so
 * several workers sweeping at once remove each upload once.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IntervalRunner } from '../common/scheduling/interval-runner';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ProjectFilesService } from '../projects/project-files.service';
import { StorageRemovals } from '../storage/storage-removals';
import { ABANDONED_SWEEP_MS, ABANDONED_UPLOAD_MS } from './uploads.constants';

@Injectable()
export class AbandonedUploadsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AbandonedUploadsSweeper.name);
  private readonly runner = new IntervalRunner('Abandoned upload sweep', ABANDONED_SWEEP_MS, () =>
    this.sweep(),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly removals: StorageRemovals,
    private readonly projectFiles: ProjectFilesService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role !== 'api') this.runner.start();
  }

  onApplicationShutdown(): void {
    this.runner.stop();
  }

  /** Expires uploads older than `olderThanMs`; resolves to the ids removed. */
  async sweep(olderThanMs = ABANDONED_UPLOAD_MS): Promise<string[]> {
    const ids = await this.db.transaction(async (tx) => {
      const expired = await this.projectFiles.expireUploads(tx, olderThanMs);
      await this.removals.note(tx, expired);
      return expired;
    });
    if (!ids.length) return ids;
    // What cannot be removed now stays noted and is retried (storage-removals.ts).
    await this.removals.removeNow(ids);
    this.logger.log(`Removed ${ids.length} abandoned upload(s)`);
    return ids;
  }
}
