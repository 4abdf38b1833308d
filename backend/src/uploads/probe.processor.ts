/**
 * Works the `uploads-probe` queue: for each finished upload, a SHA-256 and (for audio) the probe
 * and level checks of audio-probe.ts; the results and warnings are saved on the file row, and
 * the project is told (first files in → "files received"; warnings → mail to the client).
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ProbeResult } from '@studio/shared';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QueueDashboard } from '../mail/dashboard/queue-dashboard';
import { ProjectFilesService } from '../projects/project-files.service';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { fileWarnings, measureLevels, readMetadata, sha256Of } from './audio-probe';
import { isAudioKind } from '../storage/upload-kind';
import { PROBE_CONCURRENCY, PROBE_QUEUE, ProbeJob } from './uploads.constants';

@Injectable()
export class ProbeProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProbeProcessor.name);

  constructor(
    @InjectQueue(PROBE_QUEUE) private readonly queue: Queue<ProbeJob>,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projectFiles: ProjectFilesService,
    private readonly dashboard: QueueDashboard,
  ) {}

  onApplicationBootstrap(): void {
    this.dashboard.register(this.queue);
    if (this.config.role !== 'all' && this.config.role !== 'worker') return;
    this.queue
      .process(PROBE_CONCURRENCY, (job: Job<ProbeJob>) => this.probe(job.data.fileId))
      .catch((err: Error) => this.logger.error(`Probe worker stopped: ${err.message}`));
  }

  async probe(fileId: string): Promise<void> {
    const file = await this.projectFiles.findFile(fileId);
    if (!file || file.status !== 'stored' || !file.kind) return;
    const size = Number(file.size);
    const kind = file.kind;
    const isAudio = isAudioKind(kind);
    const local = this.storage.localPath(file.id);
    const [sha256, metadata, levels] = await Promise.all([
      sha256Of(this.storage.read(file.id)),
      isAudio ? readMetadata(this.storage.read(file.id), size, kind).catch(() => null) : null,
      isAudio
        ? measureLevels(
            this.config.ffmpegPath,
            local ? { path: local } : { stream: this.storage.read(file.id) },
            kind,
          )
        : null,
    ]);
    // Levels are missing only when ffmpeg cannot run here; audio it cannot decode is unreadable.
    const probe: ProbeResult | null =
      metadata && levels !== 'undecodable' ? { ...metadata, ...(levels ?? {}) } : null;
    const warnings = isAudio ? fileWarnings(file.kind, probe) : [];
    const status = isAudio && !probe ? 'failed' : 'probed';
    await this.projectFiles.recordProbe(file, { sha256, probe, warnings, status });
  }
}
