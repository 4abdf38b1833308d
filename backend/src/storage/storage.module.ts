import { Global, Module } from '@nestjs/common';
import { AppConfig, StorageDriverConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalProjectStorage } from './local-project-storage';
import { PROJECT_STORAGE, ProjectStorage } from './project-storage';
import { S3ProjectStorage } from './s3-project-storage';

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
  ],
  exports: [PROJECT_STORAGE],
})
export class StorageModule {}
