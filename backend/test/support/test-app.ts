import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createApp, CreateAppOptions } from '../../src/create-app';
import { dbUrl, dropDatabase, uniqueName, withAdmin } from './db';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
  /** Stops the app (as a crash would leave things: database, Redis and files kept) and boots it again. */
  restart: () => Promise<TestApp>;
}

/**
 * Boots the real application against a private copy of the migrated test database and a
 * private Redis key prefix. `env` adds or overrides environment variables.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: CreateAppOptions = {},
): Promise<TestApp> {
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template) throw new Error('TEST_TEMPLATE_DB is not set: run through jest (global setup)');
  const database = uniqueName('studio_test');
  await withAdmin((c) => c.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`));
  const prefix = uniqueName('test');
  const uploadDir = mkdtempSync(join(tmpdir(), 'studio-uploads-'));
  const storageDir = mkdtempSync(join(tmpdir(), 'studio-projects-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl(database),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    UPLOAD_DIR: uploadDir,
    WEB_DIST_DIR: join(tmpdir(), 'studio-no-web'),
    SEED_ADMIN_USERNAME: 'admin',
    SEED_ADMIN_EMAIL: 'admin@example.com',
    SEED_ADMIN_PASSWORD: 'admin-password-1',
    // Real argon2id, with less memory than production: every login and registration hashes.
    PASSWORD_HASH_MEMORY_KIB: '4096',
    STORAGE_URL: pathToFileURL(storageDir).href,
    ...env,
  });
  const boot = async (): Promise<TestApp> => {
    const app = await createApp(config, options);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return {
      app,
      config,
      http: () => request(app.getHttpServer()),
      close: async () => {
        await app.close();
        await dropDatabase(database);
        await clearRedisPrefix(prefix);
        rmSync(uploadDir, { recursive: true, force: true });
        rmSync(storageDir, { recursive: true, force: true });
      },
      restart: async () => {
        await app.close();
        return boot();
      },
    };
  };
  return boot();
}

async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Registers (as an author) and logs in; returns the bearer token. */
export async function registerAndLogin(
  t: TestApp,
  username: string,
  password = 'password-123',
): Promise<string> {
  const res = await t
    .http()
    .post('/api/register')
    .send({ username, email: `${username}@example.com`, password });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.authToken as string;
}

export async function loginAs(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.http().post('/api/login').send({ username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.authToken as string;
}

export const adminToken = (t: TestApp) => loginAs(t, 'admin', 'admin-password-1');
