/** Every query on `media`, the library of uploaded images. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { MediaEntity } from '../entities/media.entity';

@Injectable()
export class MediaRepository {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  insert(fields: Partial<MediaEntity>): Promise<MediaEntity> {
    return this.media.save(this.media.create(fields));
  }

  save(row: MediaEntity): Promise<MediaEntity> {
    return this.media.save(row);
  }

  /** Newest first. */
  list(): Promise<MediaEntity[]> {
    return this.media.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  existsByFileName(fileName: string): Promise<boolean> {
    return this.media.exists({ where: { fileName } });
  }

  findById(id: number): Promise<MediaEntity | null> {
    return this.media.findOneBy({ id });
  }

  async delete(tx: EntityManager, id: number): Promise<void> {
    await tx.delete(MediaEntity, { id });
  }
}
