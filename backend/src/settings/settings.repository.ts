/** The one row of site settings (id 1), read and written whole. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SettingsRowEntity } from './entities/settings.entity';

@Injectable()
export class SettingsRepository {
  constructor(@InjectRepository(SettingsRowEntity) private readonly rows: Repository<SettingsRowEntity>) {}

  /** The stored row, or null before anyone saved settings. */
  find(): Promise<SettingsRowEntity | null> {
    return this.rows.findOneBy({ id: 1 });
  }

  /** The stored row, or a new unsaved one with no values set. */
  async findOrNew(): Promise<SettingsRowEntity> {
    return (await this.find()) ?? this.rows.create({ id: 1, socialLinks: {} });
  }

  save(row: SettingsRowEntity): Promise<SettingsRowEntity> {
    return this.rows.save(row);
  }
}
