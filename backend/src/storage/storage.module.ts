import { Global, Module } from '@nestjs/common';
import { AppConfig, StorageDriverConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalProjectStorage } from './local-project-storage';
import { PROJECT_STORAGE, ProjectStorage } from './project-storage';
import { S3ProjectStorage } from './s3-project-storage';
import { StorageRemovals } from './storage-removals';
import { StorageRemovalsRepository } from './storage-removals.repository';

export function createProjectStorage(driver: StorageDriverConfig): ProjectStorage {
  return driver.kind === 'local' ? new LocalProjectStorage(driver.dir) : new S3ProjectStorage(driver);
}

@Global()
@Module({
  providers: [
    {
      provide: PROJECT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProjectStorage(config.storage.driver),
    },
    StorageRemovals,
    StorageRemovalsRepository,
  ],
  exports: [PROJECT_STORAGE, StorageRemovals],
})
export class StorageModule {}
