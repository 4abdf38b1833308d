import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MediaDto } from '@studio/shared';
import { notFound } from '../../common/errors/app.exception';
import { AuditService } from '../../audit/audit.service';
import { BlogCache } from '../blog-cache';
import { MediaEntity } from '../entities/media.entity';
import { PostsRepository } from '../posts/posts.repository';
import { MediaDetailsDto } from './dto/media.dto';
import { ImageStore } from './image-store';
import type { ImageSize } from './image-variants';
import { MediaRepository } from './media.repository';

export function toMediaDto(m: MediaEntity): MediaDto {
  return {
    id: m.id,
    fileName: m.fileName,
    fileType: m.fileType,
    filePath: m.filePath,
    fileSize: m.fileSize,
    altText: m.altText,
    caption: m.caption,
    url: `/uploads/${m.fileName}`,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

@Injectable()
export class MediaService {
  constructor(
    private readonly db: DataSource,
    private readonly media: MediaRepository,
    private readonly posts: PostsRepository,
    private readonly store: ImageStore,
    private readonly cache: BlogCache,
    private readonly audit: AuditService,
  ) {}

  /** Stores the image, then records it; if recording fails the file is removed again. */
  async upload(buffer: Buffer, details: MediaDetailsDto, uploadedById: number | null): Promise<MediaDto> {
    const stored = await this.store.save(buffer);
    try {
      const row = await this.media.insert({
        fileName: stored.fileName,
        fileType: stored.mimeType,
        filePath: `/uploads/${stored.fileName}`,
        fileSize: stored.size,
        altText: details.altText ?? null,
        caption: details.caption ?? null,
        uploadedById,
      });
      await this.audit.record({
        action: 'media.upload',
        targetType: 'media',
        targetId: row.id,
        summary: `Uploaded ${row.fileName} (${row.fileType}, ${row.fileSize} bytes)`,
      });
      return toMediaDto(row);
    } catch (err) {
      await this.store.remove(stored.fileName).catch(() => undefined);
      throw err;
    }
  }

  async list(): Promise<MediaDto[]> {
    return (await this.media.list()).map(toMediaDto);
  }

  async exists(fileName: string): Promise<boolean> {
    return this.media.existsByFileName(fileName);
  }

  /** The intrinsic sizes of stored images; names that are not readable images are left out. */
  async sizes(fileNames: string[]): Promise<Map<string, ImageSize>> {
    const found = await Promise.all(
      fileNames.map(async (name) => [name, await this.store.sizeOf(name)] as const),
    );
    return new Map(found.filter((entry): entry is [string, ImageSize] => entry[1] !== null));
  }

  async update(id: number, details: MediaDetailsDto): Promise<MediaDto> {
    const row = await this.find(id);
    const before = { altText: row.altText, caption: row.caption };
    if (details.altText !== undefined) row.altText = details.altText;
    if (details.caption !== undefined) row.caption = details.caption;
    const saved = toMediaDto(await this.media.save(row));
    await this.audit.record({
      action: 'media.update',
      targetType: 'media',
      targetId: id,
      summary: `Updated the details of ${row.fileName}`,
      before,
      after: { altText: row.altText, caption: row.caption },
    });
    return saved;
  }

  /**
   * Deletes the record and the file. Posts that showed it as their featured image lose it
   * rather than point at a missing file.
   */
  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    await this.db.transaction(async (tx) => {
      await this.posts.clearFeaturedImage(tx, row.fileName);
      await this.media.delete(tx, row.id);
    });
    this.cache.invalidate();
    await this.store.remove(row.fileName);
    await this.audit.record({
      action: 'media.delete',
      targetType: 'media',
      targetId: id,
      summary: `Deleted ${row.fileName}`,
      before: { fileName: row.fileName },
    });
  }

  private async find(id: number): Promise<MediaEntity> {
    const row = await this.media.findById(id);
    if (!row) throw notFound('Media not found', 'MEDIA_NOT_FOUND');
    return row;
  }
}
