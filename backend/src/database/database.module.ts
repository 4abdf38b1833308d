import { Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MIGRATIONS } from './migrations';

/** Any constant shared by every process of this app; serialises concurrent migration runs. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies pending migrations before anything else touches the database. The API and worker
 * processes may start together, so the run happens under a Postgres advisory lock.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const applied = await this.dataSource.runMigrations({ transaction: 'each' });
      if (applied.length) this.logger.log(`Applied ${applied.map((m) => m.name).join(', ')}`);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }
}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        type: 'postgres' as const,
        url: config.databaseUrl,
        autoLoadEntities: true,
        synchronize: false,
        migrationsRun: false,
        migrations: MIGRATIONS,
        migrationsTableName: 'migrations',
        extra: { max: 20, connectionTimeoutMillis: 5000 },
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [MigrationRunner],
})
export class DatabaseModule {}
