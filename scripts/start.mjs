// `npm start`: installs and builds what is missing, brings up local stand-ins for any service
// that is not configured (PostgreSQL, Redis, SMTP), then runs the app and prints where it is.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATA_DIR,
  ROOT,
  ensureBuiltAsync,
  ensureInstalled,
  httpOk,
  log,
  portFree,
  spawn,
  waitFor,
} from './lib.mjs';

const started = Date.now();
const cleanups = [];
let child;
let stopping = false;
/** The stand-in services while they come up (they start during the build). */
let starting = null;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // A stand-in still starting is stopped once it is up, not left running.
  await starting?.catch(() => {});
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/** Seconds since `from`, for the phase lines (`npm run bench -- start` reads them). */
const since = (from) => ((Date.now() - from) / 1000).toFixed(1);

async function main() {
  let phase = Date.now();
  if (ensureInstalled()) log(`Installed in ${since(phase)}s`);
  const { startEmbeddedPostgres, ensureRedis, startMailCatcher } = await import('./services.mjs');

  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  env.PORT = env.PORT ?? '3000';
  // Framework chatter stays out of the console unless asked for (LOG_LEVEL=info).
  env.LOG_LEVEL = env.LOG_LEVEL ?? 'warn';
  // A first start shows a living blog: sample posts on an empty database, once (SEED_SAMPLES=0 to skip).
  env.SEED_SAMPLES = env.SEED_SAMPLES ?? '1';
  if (!(await portFree(Number(env.PORT), '0.0.0.0'))) {
    throw new Error(
      `Port ${env.PORT} is already in use (is the studio already running?). Stop that process or choose another port: PORT=3001 npm start`,
    );
  }
  // The three stand-ins are independent of each other and of the build: they come up while it
  // runs (a new PostgreSQL's initdb alone takes seconds). Each is stopped on exit once it is up.
  const up = (service) =>
    service.then((s) => {
      cleanups.push(s.stop);
      return s;
    });
  starting = Promise.all([
    env.DATABASE_URL ? null : up(startEmbeddedPostgres()),
    up(ensureRedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379')),
    env.SMTP_URL ? null : up(startMailCatcher()),
  ]);
  // A stand-in that fails is reported once the build is over (the await below), not mid-build.
  starting.catch(() => {});
  phase = Date.now();
  const built = await ensureBuiltAsync();
  log(`Built in ${since(phase)}s (${built.length ? `built ${built.join(', ')}` : 'nothing stale'})`);
  const [pg, redis, mail] = await starting;
  if (pg) env.DATABASE_URL = pg.url;
  env.REDIS_URL = redis.url;
  let inboxUrl = null;
  if (mail) {
    env.SMTP_URL = mail.smtpUrl;
    inboxUrl = mail.inboxUrl;
  }
  if (!env.JWT_SECRET && existsSync(join(DATA_DIR, 'jwt-secret'))) {
    env.JWT_SECRET = readFileSync(join(DATA_DIR, 'jwt-secret'), 'utf8').trim();
  }
  if (!env.JWT_SECRET && env.NODE_ENV === 'production') {
    // A local run keeps its own signing key in .data/ (the backend creates it in development).
    const { randomBytes } = await import('node:crypto');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(DATA_DIR, { recursive: true });
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    writeFileSync(join(DATA_DIR, 'jwt-secret'), env.JWT_SECRET, { mode: 0o600 });
  }

  let generatedAdmin = null;
  const booting = Date.now();
  child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk) => {
    const text = chunk.toString();
    const m = text.match(/Admin account created: username "([^"]+)", password "([^"]+)"/);
    if (m) generatedAdmin = { username: m[1], password: m[2] };
    process.stdout.write(text);
  });
  child.once('exit', (code) => {
    if (!stopping) {
      log(`The app stopped (exit ${code}).`);
      void shutdown(code ?? 1);
    }
  });

  const siteUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  await waitFor(() => httpOk(`http://127.0.0.1:${env.PORT}/api/health/ready`), {
    timeoutMs: 60000,
    what: 'the app to answer /api/health/ready',
  });
  log(`Booted in ${since(booting)}s`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const admin = generatedAdmin
    ? `username "${generatedAdmin.username}", password "${generatedAdmin.password}" (shown once: note it now)`
    : env.SEED_ADMIN_USERNAME
      ? `username "${env.SEED_ADMIN_USERNAME}" with SEED_ADMIN_PASSWORD`
      : 'the admin account printed on the first start (or set SEED_ADMIN_USERNAME/EMAIL/PASSWORD on a fresh database)';
  console.log(`
  \x1b[32mThe studio is running\x1b[0m (ready in ${seconds}s)
    Site:        ${siteUrl}
    Admin area:  ${siteUrl}/admin  (log in at ${siteUrl}/auth)
    Admin login: ${admin}
    Mail inbox:  ${inboxUrl ?? `mail goes to ${env.SMTP_URL.replace(/\/\/[^@]*@/, '//***@')}`}
    Mail queue:  ${siteUrl}/admin/queues
  Press Ctrl+C to stop.
`);
}

/** Any start-up failure ends with one line saying what to do, never a stack trace. */
function fail(err) {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`\n[studio] ${message}`);
  void shutdown(1);
}
process.on('unhandledRejection', fail);
process.on('uncaughtException', fail);
main().catch(fail);
