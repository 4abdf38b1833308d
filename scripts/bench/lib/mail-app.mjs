// The built backend booted for a mail benchmark (mail, newsletter): ROLE=all in production mode
// against a fresh database on BENCH_PG_URL and a private Redis prefix, with a local SMTP sink as
// its server; `stop()` removes the database and every Redis key under the prefix again. Lives in
// lib/ so `npm run bench` does not list it as a benchmark.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, httpOk, log, waitFor } from '../../lib.mjs';
import { Sink } from './smtp-sink.mjs';

export const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
const Bull = requireBackend('bull');
const pg = requireBackend('pg');
const Redis = requireBackend('ioredis');

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds libs/shared and the backend when their output is missing; returns the mail constants. */
export function buildBackend() {
  for (const [file, workspace] of [
    ['libs/shared/dist/index.js', '@studio/shared'],
    ['backend/dist/main.js', '@studio/backend'],
  ]) {
    if (existsSync(join(ROOT, file))) continue;
    log(`Building ${workspace}...`);
    const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) process.exit(1);
  }
  return requireBackend('./dist/mail/mail.constants.js');
}

/**
 * Creates the database, starts the sink and spawns the app (call `buildBackend()` first).
 * `name` names the database, the Redis prefix and the log file; `env` adds to the app's
 * environment. With `profile` the app runs under `node --cpu-prof` and `stop()` resolves to the
 * written .cpuprofile file. Call `ready()` (waits for the app, connects `db`) and `stop()` in a
 * try/finally.
 */
export async function startMailApp({ name, preferredPort, retryDelayMs, env = {}, profile = false }) {
  const { MAIL_QUEUE } = requireBackend('./dist/mail/mail.constants.js');
  const stamp = Date.now().toString(36);
  const dbName = `studio_bench_${name}_${stamp}`;
  const redisPrefix = `bench-${name}-${stamp}`;
  const adminDb = new pg.Client({ connectionString: PG_URL });
  await adminDb.connect();
  await adminDb.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;

  const sink = new Sink();
  await sink.start();
  const port = await freePort(preferredPort);
  const base = `http://127.0.0.1:${port}`;
  const logFile = join(tmpdir(), `studio-bench-${name}-${stamp}.log`);
  const out = openSync(logFile, 'a');
  log(`Booting backend/dist on :${port} (ROLE=all), SMTP sink on :${sink.port}; app log: ${logFile}`);
  // Nest ends the process by re-raising SIGTERM, and a process killed by a signal writes no
  // profile: under `profile` a preloaded listener exits normally instead.
  const profileDir = profile ? mkdtempSync(join(tmpdir(), `studio-bench-${name}-profile-`)) : '';
  const exitOnTerm = join(profileDir, 'exit-on-term.cjs');
  if (profile) writeFileSync(exitOnTerm, "process.on('SIGTERM', () => process.exit(0));\n");
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--require', exitOnTerm] : [];
  const app = spawn(process.execPath, [...nodeArgs, 'backend/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'all',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Bench <bench@localhost>',
      MAIL_RETRY_DELAY_MS: String(retryDelayMs),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      SEED_ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const queue = new Bull(MAIL_QUEUE, { redis: REDIS_URL, prefix: `${redisPrefix}:bull` });
  const db = new pg.Client({ connectionString: dbUrl.toString() });

  return {
    stamp,
    base,
    app,
    sink,
    queue,
    db,
    async ready() {
      // Ports of their own (3500, 3550: no other benchmark's), and a dead app is not mistaken
      // for another server answering on the same port.
      await waitFor(
        async () => {
          if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}); see ${logFile}`);
          return httpOk(`${base}/api/health`);
        },
        { timeoutMs: 60000, what: 'the app' },
      );
      await db.connect(); // the app has migrated its database by now
    },
    async stop() {
      await queue.close().catch(() => undefined);
      await db.end().catch(() => undefined);
      app.kill('SIGTERM');
      await new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)));
      await sink.stop();
      await adminDb.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await adminDb.end();
      const redis = new Redis(REDIS_URL);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
      if (!profile) return undefined;
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      return file ? join(profileDir, file) : undefined;
    },
  };
}

/**
 * Stops the sink `afterS` seconds from now for `forS` seconds, logging how many mails under
 * `prefix` had arrived and, on restart, the time since `started`. Resolves once it is back.
 */
export async function sinkOutage(sink, { prefix, afterS, forS, started }) {
  await sleep(afterS * 1000);
  const before = sink.countFor(prefix).unique;
  await sink.stop();
  log(`  SMTP sink stopped after ${before} mails; down for ${forS} s`);
  await sleep(forS * 1000);
  await sink.start();
  log(`  SMTP sink back after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Waits until nothing is waiting, active or delayed on the mail queue and the sink stopped growing. */
export async function drained(queue, sink, prefix, what) {
  let last = -1;
  await waitFor(
    async () => {
      const c = await queue.getJobCounts();
      const { unique } = sink.countFor(prefix);
      const settled = c.waiting + c.active + c.delayed === 0 && unique === last;
      last = unique;
      return settled;
    },
    { timeoutMs: 30 * 60 * 1000, intervalMs: 250, what },
  );
}

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples a process's resident memory every 200 ms until the returned function is called. */
export function sampleMemory(pid) {
  const samples = [rssMiB(pid)];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 200);
  return () => {
    clearInterval(timer);
    samples.push(rssMiB(pid));
    return { start: samples[0], peak: Math.max(...samples), end: samples[samples.length - 1] };
  };
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; 100 ticks/s). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
