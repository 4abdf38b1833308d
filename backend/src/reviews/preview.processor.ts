/**
 * Works the `project-previews` queue: for each posted version, one ffmpeg run (preview.ts) makes
 * the protected MP3 preview, the peaks, the duration and the loudness; the preview is stored
 * under a new key and the version marked ready (which puts the project in review and mails the
 * client). A repeated job finds the version ready and does nothing.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { metrics } from '../metrics/metrics';
import { QueueDashboard } from '../mail/dashboard/queue-dashboard';
import { ProjectsService } from '../projects/projects.service';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { readMetadata } from '../uploads/audio-probe';
import { AudioKind, detectUploadKind, isAudioKind, SNIFF_BYTES } from '../storage/upload-kind';
import { makePreview } from './preview';
import { ReviewVersionsService } from './review-versions.service';
import { PREVIEW_CONCURRENCY, PREVIEW_QUEUE, PreviewJob } from './reviews.constants';

@Injectable()
export class PreviewProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(PreviewProcessor.name);

  constructor(
    @InjectQueue(PREVIEW_QUEUE) private readonly queue: Queue<PreviewJob>,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsService,
    private readonly versions: ReviewVersionsService,
    private readonly dashboard: QueueDashboard,
  ) {}

  onApplicationBootstrap(): void {
    this.dashboard.register(this.queue);
    if (this.config.role !== 'all' && this.config.role !== 'worker') return;
    this.queue
      .process(PREVIEW_CONCURRENCY, (job: Job<PreviewJob>) => this.run(job))
      .catch((err: Error) => this.logger.error(`Preview worker stopped: ${err.message}`));
  }

  private async run(job: Job<PreviewJob>): Promise<void> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      await this.preview(job.data.versionId);
      metrics.previewJob(seconds(), 'ready');
    } catch (err) {
      metrics.previewJob(seconds(), 'failed');
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) await this.versions.onPreviewFailed(job.data.versionId, (err as Error).message);
      throw err;
    }
  }

  async preview(versionId: string): Promise<void> {
    const version = await this.versions.findVersion(versionId);
    if (!version || version.status === 'ready') return;
    const project = await this.projects.requireAny(version.projectId);
    // Read as what its first bytes are, as the upload was judged (never left to ffmpeg to guess).
    const kind = await this.sourceKind(version.sourceKey);
    // The duration up front only matters for the faded ending; the metadata probe reads headers.
    const meta =
      version.protection === 'fade'
        ? await readMetadata(this.storage.read(version.sourceKey), version.size, kind).catch(() => null)
        : null;
    const local = this.storage.localPath(version.sourceKey);
    const dir = mkdtempSync(join(tmpdir(), 'studio-preview-'));
    try {
      const out = join(dir, 'preview.mp3');
      const result = await makePreview(
        this.config.ffmpegPath,
        local ? { path: local } : { stream: this.storage.read(version.sourceKey) },
        out,
        {
          kind,
          protection: version.protection,
          tagEverySec: project.tagEverySec,
          durationSec: meta?.durationSec ?? null,
        },
      );
      const previewKey = randomBytes(16).toString('hex');
      await this.storage.write(previewKey, createReadStream(out));
      await this.versions.onPreviewReady(versionId, { previewKey, ...result });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  private async sourceKind(key: string): Promise<AudioKind> {
    const head: Buffer[] = [];
    for await (const chunk of this.storage.read(key, { start: 0, end: SNIFF_BYTES - 1 }))
      head.push(chunk as Buffer);
    const detected = await detectUploadKind(Buffer.concat(head));
    if (!detected.ok || !isAudioKind(detected.kind)) throw new Error('The version is not audio it can read.');
    return detected.kind;
  }
}
