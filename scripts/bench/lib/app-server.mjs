// Starts the production build on a fresh database for a benchmark (or uses BENCH_URL), runs
// `fn(baseUrl)`, and cleans up. Lives in lib/ so `npm run bench` does not list it as a benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuilt, freePort, httpOk, waitFor } from '../../lib.mjs';

/** The admin the benchmark server is seeded with (for benchmarks that need content). */
export const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-password' };

/**
 * `env` adds variables for the app (e.g. a fake Stripe's); `fn` gets the base URL and the
 * database's URL (for seeding what the API cannot, such as a portal session). With BENCH_URL
 * set, that server is used as it is and there is no database URL.
 */
export async function withAppServer(fn, { env = {} } = {}) {
  if (process.env.BENCH_URL) return fn(process.env.BENCH_URL.replace(/\/$/, ''), { dbUrl: null });
  ensureBuilt();
  const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
  const db = `studio_bench_${Date.now().toString(36)}`;
  const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${db}"`);
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${db}`;
  const port = await freePort(3200);
  const uploadDir = mkdtempSync(join(tmpdir(), 'studio-bench-uploads-'));
  const server = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      REDIS_PREFIX: db,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      SEED_ADMIN_USERNAME: BENCH_ADMIN.username,
      SEED_ADMIN_EMAIL: 'bench-admin@example.com',
      SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
      UPLOAD_DIR: uploadDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  try {
    await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60000, what: 'the app' });
    return await fn(`http://127.0.0.1:${port}`, { dbUrl: dbUrl.toString() });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await admin.end();
    rmSync(uploadDir, { recursive: true, force: true });
  }
}
