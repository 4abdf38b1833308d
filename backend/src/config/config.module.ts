import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './app-config';

/** Injection token for the typed configuration: `@Inject(APP_CONFIG) config: AppConfig`. */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  /** The app reads the environment once; tests hand in their own config. */
  static forRoot(config: AppConfig = loadConfig()): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
