import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsRowEntity } from './entities/settings.entity';
import { SettingsController } from './settings.controller';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/** Global: page meta, feeds and mail all read the settings. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SettingsRowEntity])],
  controllers: [SettingsController],
  providers: [SettingsService, SettingsRepository],
  exports: [SettingsService],
})
export class SettingsModule {}
