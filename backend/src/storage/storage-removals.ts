/**
 * Removing stored files whose rows are gone, without ever losing track of one. The caller notes
 * the keys in the same transaction that deletes the rows (`note`), then after the commit asks
 * for them to go at once (`removeNow`). A key that could not be removed (storage down, or the
 * process died between the commit and the removal) stays noted, and worker processes retry it
 * every few minutes (`sweep`). Removing a file that is already gone is not an error, so a retry
 * is always safe.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IntervalRunner } from '../common/scheduling/interval-runner';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PROJECT_STORAGE, ProjectStorage } from './project-storage';
import { removeFiles, RemoveFilesResult } from './remove-files';
import { StorageRemovalsRepository } from './storage-removals.repository';

/** How often worker processes retry; a key is left alone this long after it was noted. */
export const STORAGE_SWEEP_MS = 5 * 60 * 1000;
const SWEEP_BATCH = 200;

@Injectable()
export class StorageRemovals implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StorageRemovals.name);
  private readonly runner = new IntervalRunner('Storage removal sweep', STORAGE_SWEEP_MS, () => this.sweep());

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    private readonly repo: StorageRemovalsRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role !== 'api') this.runner.start();
  }

  onApplicationShutdown(): void {
    this.runner.stop();
  }

  /** Notes keys to remove, in the transaction that deletes their rows. */
  note(tx: EntityManager, keys: string[]): Promise<void> {
    return this.repo.add(tx, keys);
  }

  /** Removes noted keys now (each retried a few times); what still fails stays noted. */
  async removeNow(keys: string[], options?: Parameters<typeof removeFiles>[2]): Promise<RemoveFilesResult> {
    const result = await removeFiles(this.storage, keys, options);
    const failed = new Set(result.failed);
    await this.repo.done(keys.filter((k) => !failed.has(k)));
    await this.repo.failed(result.failed, 'could not be removed; see the server log');
    return result;
  }

  /** Retries keys noted at least `olderThanMs` ago; resolves to how it went. */
  async sweep(olderThanMs = STORAGE_SWEEP_MS): Promise<RemoveFilesResult> {
    const keys = await this.repo.due(olderThanMs, SWEEP_BATCH);
    if (!keys.length) return { removed: 0, failed: [] };
    const result = await this.removeNow(keys, { attempts: 1 });
    this.logger.log(
      `Removed ${result.removed} stored file(s) left from earlier; ${result.failed.length} still failing`,
    );
    return result;
  }
}
