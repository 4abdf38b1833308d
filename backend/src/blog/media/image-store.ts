/**
 * Where uploaded images live: UPLOAD_DIR on disk, served at /uploads/{fileName}. Only JPEG,
 * PNG, WebP and GIF are kept, recognised by their bytes (a name or a declared type proves
 * nothing); SVG is refused because it can carry script. Stored names are random, so an upload
 * can never overwrite another file or choose where it lands. Each JPEG, PNG and WebP upload is
 * also stored as responsive versions (AVIF, WebP and its own format at three widths, and a
 * 1200×630 share image; see image-variants.ts) before the upload is answered.
 */
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { fromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { hasImageVariants, LIMITS, shareImageName } from '@studio/shared';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AppException, badRequest } from '../../common/errors/app.exception';
import { FILE_NAME_PATTERN } from '../posts/dto/save-post.dto';
import { imageSize, removeImageVariants, writeImageVariants, type ImageSize } from './image-variants';

export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const WRONG_TYPE_MESSAGE = 'Only JPEG, PNG, WebP and GIF images can be uploaded.';

export interface StoredImage {
  fileName: string;
  mimeType: string;
  size: number;
}

@Injectable()
export class ImageStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async save(buffer: Buffer): Promise<StoredImage> {
    if (!buffer.length) throw badRequest('The file is empty.', 'EMPTY_FILE');
    if (buffer.length > LIMITS.upload.maxBytes) {
      throw new AppException(HttpStatus.PAYLOAD_TOO_LARGE, 'The upload is too large.', 'PAYLOAD_TOO_LARGE');
    }
    const type = await fromBuffer(buffer);
    const ext = type && IMAGE_TYPES[type.mime];
    if (!type || !ext) throw badRequest(WRONG_TYPE_MESSAGE, 'UNSUPPORTED_FILE_TYPE');
    const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
    await writeFile(this.pathOf(fileName), buffer, { flag: 'wx' });
    try {
      await writeImageVariants(this.config.uploadDir, fileName);
    } catch {
      // The bytes looked like an image but do not decode (truncated, corrupt): keep nothing.
      await this.remove(fileName);
      throw badRequest('The image could not be read. Please upload another file.', 'UNREADABLE_IMAGE');
    }
    return { fileName, mimeType: type.mime, size: buffer.length };
  }

  /** Removes a stored file; a file already gone is not an error. */
  async remove(fileName: string): Promise<void> {
    await unlink(this.pathOf(fileName)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await removeImageVariants(this.config.uploadDir, fileName);
  }

  /** The upright size of a stored image, or null when there is no such readable image. */
  async sizeOf(fileName: string): Promise<ImageSize | null> {
    if (!FILE_NAME_PATTERN.test(fileName)) return null;
    return imageSize(this.pathOf(fileName));
  }

  /** The 1200×630 share image of an upload, when it has one on disk (older uploads may not). */
  shareImageOf(fileName: string | null): string | null {
    if (!fileName || !hasImageVariants(fileName)) return null;
    const share = shareImageName(fileName);
    return existsSync(join(this.config.uploadDir, share)) ? share : null;
  }

  private pathOf(fileName: string): string {
    // Names come from this class or the database, but never let one walk out of the folder.
    if (!FILE_NAME_PATTERN.test(fileName)) throw badRequest('Invalid file name.', 'BAD_FILE_NAME');
    return join(this.config.uploadDir, fileName);
  }
}
