import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../src/database/migrations';
import { dbUrl, uniqueName, withAdmin } from './db';

/**
 * Creates one database for the run and applies every migration to it; each test file then
 * clones it (CREATE DATABASE … TEMPLATE), so files never see each other's rows.
 */
export default async function globalSetup(): Promise<void> {
  const template = uniqueName('studio_tpl');
  await withAdmin((c) => c.query(`CREATE DATABASE "${template}"`));
  const ds = new DataSource({
    type: 'postgres',
    url: dbUrl(template),
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
  });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  process.env.TEST_TEMPLATE_DB = template;
}
