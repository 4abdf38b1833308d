import { Global, Module } from '@nestjs/common';
import { fileURLToPath } from 'node:url';
import { AppConfig, ConfigError } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalProjectStorage } from './local-project-storage';
import { PROJECT_STORAGE, ProjectStorage } from './project-storage';

export function createProjectStorage(storageUrl: string): ProjectStorage {
  const url = new URL(storageUrl);
  if (url.protocol === 'file:') return new LocalProjectStorage(fileURLToPath(url));
  throw new ConfigError(
    'Invalid configuration: STORAGE_URL s3:// storage is not available in this version; use a file:// URL',
  );
}

@Global()
@Module({
  providers: [
    {
      provide: PROJECT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProjectStorage(config.storage.url),
    },
  ],
  exports: [PROJECT_STORAGE],
})
export class StorageModule {}
