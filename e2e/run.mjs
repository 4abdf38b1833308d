// Runs the browser tests against the production build: a fresh database on the machine's
// PostgreSQL, a private Redis prefix, a MailDev inbox, and the real backend serving the
// built shell and remotes. The tests themselves are node:test files in tests/.
// E2E_STORAGE=s3 keeps clients' project files in a local S3-compatible server (fake-s3/server.mjs)
// instead of on local disk.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT, freePort, httpOk, waitFor } from '../scripts/lib.mjs';
import { startMailCatcher } from '../scripts/services.mjs';
import { startFakeStripe } from './fake-stripe/server.mjs';
import { startFakeS3 } from './fake-s3/server.mjs';

const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const dbName = `studio_e2e_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${dbName}`;

const mail = await startMailCatcher();
// Card payments go to a local Stripe-compatible server (fake-stripe/server.mjs), never online.
const fakeStripe = await startFakeStripe({ localCheckout: true });
const port = await freePort(3100);
const uploadDir = mkdtempSync(join(tmpdir(), 'studio-e2e-uploads-'));
const storageDir = mkdtempSync(join(tmpdir(), 'studio-e2e-projects-'));
const fakeS3 = process.env.E2E_STORAGE === 's3' ? await startFakeS3() : null;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL,
  REDIS_PREFIX: dbName,
  SMTP_URL: mail.smtpUrl,
  JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
  SEED_ADMIN_USERNAME: 'admin',
  SEED_ADMIN_EMAIL: 'admin@example.com',
  SEED_ADMIN_PASSWORD: 'admin-password-1',
  PASSWORD_HASH_MEMORY_KIB: '4096',
  UPLOAD_DIR: uploadDir,
  ...(fakeS3 ? fakeS3.env() : { STORAGE_URL: pathToFileURL(storageDir).href }),
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_API_BASE: fakeStripe.url,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};
const server = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Settles when the app stops for any reason, so a crash at start fails the run at once.
const serverExit = new Promise((resolve) => server.once('exit', resolve));

let code = 1;
try {
  await Promise.race([
    waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60000, what: 'the app' }),
    serverExit.then((exitCode) => {
      throw new Error(`the app exited (code ${exitCode}) before it was ready; is backend/dist built?`);
    }),
  ]);
  const only = process.argv.slice(2);
  const files = only.length
    ? only
    : readdirSync(join(ROOT, 'e2e', 'tests'))
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => join('e2e', 'tests', f));
  // Not spawnSync: the fake Stripe lives in this process and must keep answering meanwhile.
  const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: `http://127.0.0.1:${port}`,
      E2E_MAIL_API: mail.inboxUrl.replace('localhost', '127.0.0.1'),
      E2E_FAKE_STRIPE_URL: fakeStripe.url,
      // For tests that set up what no API offers (an editor account).
      E2E_DATABASE_URL: dbUrl.toString(),
      E2E_ADMIN_USERNAME: 'admin',
      E2E_ADMIN_PASSWORD: 'admin-password-1',
    },
  });
  code = (await new Promise((resolve) => tests.once('exit', resolve))) ?? 1;
} finally {
  server.kill('SIGTERM');
  await serverExit;
  await mail.stop();
  await fakeStripe.close();
  await fakeS3?.close();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
}
process.exit(code);
