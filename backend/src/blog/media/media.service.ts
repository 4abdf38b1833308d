import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { MediaDto } from '@studio/shared';
import { notFound } from '../../common/errors/app.exception';
import { AuditService } from '../../audit/audit.service';
import { BlogCache } from '../blog-cache';
import { Media } from '../entities/media.entity';
import { MediaDetailsDto } from './dto/media.dto';
import { ImageStore } from './image-store';
import type { ImageSize } from './image-variants';

export function toMediaDto(m: Media): MediaDto {
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
    @InjectRepository(Media) private readonly media: Repository<Media>,
    private readonly store: ImageStore,
    private readonly cache: BlogCache,
    private readonly audit: AuditService,
  ) {}

  /** Stores the image, then records it; if recording fails the file is removed again. */
  async upload(buffer: Buffer, details: MediaDetailsDto, uploadedById: number | null): Promise<MediaDto> {
    const stored = await this.store.save(buffer);
    try {
      const row = await this.media.save(
        this.media.create({
          fileName: stored.fileName,
          fileType: stored.mimeType,
          filePath: `/uploads/${stored.fileName}`,
          fileSize: stored.size,
          altText: details.altText ?? null,
          caption: details.caption ?? null,
          uploadedById,
        }),
      );
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
    const rows = await this.media.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toMediaDto);
  }

  async exists(fileName: string): Promise<boolean> {
    return this.media.exists({ where: { fileName } });
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
    await this.media.manager.transaction(async (tx) => {
      await tx.query(
        `UPDATE blog_posts SET featured_image = NULL, updated_at = now() WHERE featured_image = $1`,
        [row.fileName],
      );
      await tx.delete(Media, { id: row.id });
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

  private async find(id: number): Promise<Media> {
    const row = await this.media.findOneBy({ id });
    if (!row) throw notFound('Media not found', 'MEDIA_NOT_FOUND');
    return row;
  }
}
