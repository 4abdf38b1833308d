/** Every query on `media`, the library of uploaded images. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Media } from '../entities/media.entity';

@Injectable()
export class MediaRepository {
  constructor(@InjectRepository(Media) private readonly media: Repository<Media>) {}

  insert(fields: Partial<Media>): Promise<Media> {
    return this.media.save(this.media.create(fields));
  }

  save(row: Media): Promise<Media> {
    return this.media.save(row);
  }

  /** Newest first. */
  list(): Promise<Media[]> {
    return this.media.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  existsByFileName(fileName: string): Promise<boolean> {
    return this.media.exists({ where: { fileName } });
  }

  findById(id: number): Promise<Media | null> {
    return this.media.findOneBy({ id });
  }

  async delete(tx: EntityManager, id: number): Promise<void> {
    await tx.delete(Media, { id });
  }
}
