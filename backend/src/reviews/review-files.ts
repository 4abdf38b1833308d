/**
 * The files staff post to a review (versions and final files), in project storage.
 *
 * Guarantees:
 * - An upload streams into storage under a new random key; nothing holds it whole in memory.
 * - A body over UPLOAD_MAX_FILE_MB is refused (413) when declared and cut off when it is not;
 *   an empty body is a 400; what is stored is judged by its first bytes, never its name, and a
 *   file of the wrong kind is removed again and refused (415).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AUDIO_KINDS, PROJECT_MESSAGES, REVIEW_MESSAGES } from '@studio/shared';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { AppException, badRequest, tooLarge, unsupportedType } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { detectUploadKind, SNIFF_BYTES } from '../storage/upload-kind';

const newKey = () => randomBytes(16).toString('hex');

@Injectable()
export class ReviewFiles {
  constructor(
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  read(key: string, range?: { start: number; end: number }): Readable {
    return this.storage.read(key, range);
  }

  size(key: string): Promise<number | null> {
    return this.storage.size(key);
  }

  /** Streams an upload into storage under a new key, within the per-file limit, checked by content. */
  async store(
    body: Readable,
    declaredSize: number,
    audioOnly: boolean,
  ): Promise<{ key: string; size: number }> {
    const { maxFileBytes, maxFileMb } = this.config.storage;
    if (declaredSize > maxFileBytes) {
      body.resume();
      throw tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE');
    }
    const key = newKey();
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > maxFileBytes) done(tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE'));
        else done(null, chunk);
      },
    });
    body.on('error', (err) => limit.destroy(err));
    const size = await this.storage.write(key, body.pipe(limit)).catch((err: unknown) => {
      if (err instanceof AppException) throw err;
      throw badRequest(REVIEW_MESSAGES.badUpload, 'BAD_REQUEST');
    });
    if (!size) {
      await this.storage.remove(key).catch(() => undefined);
      throw badRequest(REVIEW_MESSAGES.badUpload, 'EMPTY_FILE');
    }
    await this.checkKind(key, audioOnly);
    return { key, size };
  }

  /**
   * Judges a stored file by its first bytes (audio only for versions); one of the wrong kind is
   * removed and refused (415). Used for streamed posts and for whole tus uploads alike.
   */
  async checkKind(key: string, audioOnly: boolean): Promise<void> {
    const head: Buffer[] = [];
    for await (const chunk of this.storage.read(key, { start: 0, end: SNIFF_BYTES - 1 }))
      head.push(chunk as Buffer);
    const detected = await detectUploadKind(Buffer.concat(head));
    const ok = detected.ok && (!audioOnly || AUDIO_KINDS.includes(detected.kind));
    if (!ok) {
      await this.storage.remove(key).catch(() => undefined);
      const what = detected.ok ? detected.kind.toUpperCase() : detected.detected;
      throw unsupportedType(REVIEW_MESSAGES.notAudio(what), 'UNSUPPORTED_FILE_TYPE');
    }
  }
}
