// Runs the browser tests against the production build. Each stack is a fresh database on the
// machine's PostgreSQL, a private Redis prefix, a MailDev inbox, a fake Stripe, its own upload and
// storage folders, and the real backend serving the built shell and remotes on a port of its own.
// The tests themselves are node:test files in tests/.
//
// The files are split across E2E_SHARDS (default 2) such stacks that run at the same time, so no
// test sees another shard's data, mails or payments. Files are dealt out longest first (by the
// durations in WEIGHTS) to the shard with the least work so far; each shard then runs its files
// one at a time, in name order, as the single-stack run did.
//   node e2e/run.mjs                         every file, on E2E_SHARDS stacks
//   node e2e/run.mjs e2e/tests/x.test.mjs    only these files (never more stacks than files)
//   E2E_SHARDS=1 node e2e/run.mjs            everything on one stack, one file after another
// E2E_STORAGE=s3 keeps clients' project files in a local S3-compatible server (fake-s3/server.mjs),
// one per stack, instead of on local disk.
// E2E_REPLICAS=1 runs each stack as two ROLE=api processes and one ROLE=worker behind a
// round-robin proxy (round-robin-proxy.mjs), sharing PostgreSQL, Redis and the fake S3.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT, freePort, httpOk, waitFor } from '../scripts/lib.mjs';
import { startMailCatcher } from '../scripts/services.mjs';
import { startFakeStripe } from './fake-stripe/server.mjs';
import { startFakeS3 } from './fake-s3/server.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';

const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Seconds each file took on one stack (the suite's time plus about 3 s to start the file), only
 * used to balance the shards. A file missing here counts as DEFAULT_WEIGHT; the summary at the
 * end of a run prints the current times to update this table with.
 */
const WEIGHTS = {
  'site-prerender.test.mjs': 52,
  'admin-posts.test.mjs': 50,
  'site-home.test.mjs': 35,
  'payments.test.mjs': 27,
  'site-pages.test.mjs': 24,
  'site-contact.test.mjs': 24,
  'blog.test.mjs': 23,
  'admin-pages.test.mjs': 20,
  'portal.test.mjs': 19,
  'admin-back-office.test.mjs': 17,
  'staff-accounts.test.mjs': 16,
  'foundation.test.mjs': 12,
  'admin-access.test.mjs': 11,
  'admin-newsletter.test.mjs': 11,
  'admin-taxonomy.test.mjs': 10,
  'portal-review.test.mjs': 8,
  'engineer-desk.test.mjs': 30,
  'portal-phone.test.mjs': 45,
  'blog-ssr.test.mjs': 6,
  'admin-desk.test.mjs': 160,
};
const DEFAULT_WEIGHT = 20;

/** Longest first onto the least-loaded shard; each shard's files keep their name order. */
function splitFiles(files, shardCount) {
  const shards = Array.from({ length: Math.max(1, Math.min(shardCount, files.length)) }, () => ({
    files: [],
    weight: 0,
  }));
  const weightOf = (f) => WEIGHTS[basename(f)] ?? DEFAULT_WEIGHT;
  const byWeight = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));
  for (const file of byWeight) {
    const lightest = shards.reduce((min, s) => (s.weight < min.weight ? s : min));
    lightest.files.push(file);
    lightest.weight += weightOf(file);
  }
  for (const s of shards) s.files.sort((a, b) => basename(a).localeCompare(basename(b)));
  return shards;
}

/** Writes each complete line of a child's stream to `out`, prefixed, and keeps it in `log`. */
function pipeLines(stream, prefix, out, log) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      log.push(line);
      out.write(`${prefix}${line}\n`);
    }
  });
  stream.on('end', () => {
    if (rest) {
      log.push(rest);
      out.write(`${prefix}${rest}\n`);
    }
  });
}

const children = new Set();
let interrupted = false;
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
// Ctrl+C or a CI timeout: stop the tests and apps so the `finally` below still tears every stack down.
const SIGNALS = ['SIGINT', 'SIGTERM'];
function onSignal() {
  if (interrupted) process.exit(130); // a second Ctrl+C: leave at once
  interrupted = true;
  for (const child of children) child.kill('SIGTERM');
}
for (const signal of SIGNALS) process.on(signal, onSignal);
/** MailDev adds handlers that exit at once with code 0 on these signals: only ours may stay. */
function keepOnlyOurSignalHandlers() {
  for (const signal of SIGNALS)
    for (const listener of process.listeners(signal))
      if (listener !== onSignal) process.off(signal, listener);
}

const takenPorts = new Set();
/** A free port no other stack of this run was given (the app only binds it later). */
async function appPort(preferred) {
  let p = preferred;
  for (;;) {
    p = await freePort(p);
    if (!takenPorts.has(p)) break;
    p += 1;
  }
  takenPorts.add(p);
  return p;
}

/**
 * Sets up one isolated stack and starts its app. Call one at a time (the mail catcher's ports are
 * picked then bound here); await `ready` for the app to answer. `stop` tears down whatever was set
 * up, also after a failure half-way.
 */
async function startStack({ admin, index, label }) {
  const cleanups = [];
  const stack = {
    label,
    appLog: [],
    async stop() {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch (err) {
          console.error(`${label} cleanup: ${err.message}`);
        }
      }
    },
  };
  try {
    const dbName = `studio_e2e_${Date.now().toString(36)}_${index}`;
    await admin.query(`CREATE DATABASE "${dbName}"`);
    cleanups.push(() => admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${dbName}`;

    const mail = await startMailCatcher();
    keepOnlyOurSignalHandlers();
    cleanups.push(() => mail.stop());
    // Card payments go to a local Stripe-compatible server (fake-stripe/server.mjs), never online.
    const fakeStripe = await startFakeStripe({ localCheckout: true });
    cleanups.push(() => fakeStripe.close());
    const uploadDir = mkdtempSync(join(tmpdir(), 'studio-e2e-uploads-'));
    cleanups.push(() => rmSync(uploadDir, { recursive: true, force: true }));
    const storageDir = mkdtempSync(join(tmpdir(), 'studio-e2e-projects-'));
    cleanups.push(() => rmSync(storageDir, { recursive: true, force: true }));
    const fakeS3 =
      process.env.E2E_STORAGE === 's3' || process.env.E2E_REPLICAS === '1' ? await startFakeS3() : null;
    if (fakeS3) cleanups.push(() => fakeS3.close());
    const port = await appPort(3100 + index * 10);
    // E2E_REPLICAS=1: two ROLE=api processes and one ROLE=worker share the database, Redis and
    // the fake S3, behind a round-robin proxy on `port` (no sticky sessions).
    const replicas = process.env.E2E_REPLICAS === '1';
    const publicPort = port;
    const appEnv = {
      ...process.env,
      NODE_ENV: 'production',
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
      ...(replicas ? { PUBLIC_URL: `http://localhost:${publicPort}`, TRUST_PROXY: 'loopback' } : {}),
    };
    const processes = replicas
      ? [
          { role: 'api', port: await appPort(3500 + index * 10) },
          { role: 'api', port: await appPort(3501 + index * 10) },
          { role: 'worker', port: await appPort(3502 + index * 10) },
        ]
      : [{ role: 'all', port }];
    const exits = [];
    for (const proc of processes) {
      const tag = replicas ? `${label} ${proc.role}:${proc.port}: ` : `${label} app: `;
      const server = track(
        spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
          cwd: ROOT,
          env: { ...appEnv, PORT: String(proc.port), ROLE: proc.role },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      pipeLines(server.stdout, tag, process.stdout, stack.appLog);
      pipeLines(server.stderr, tag, process.stderr, stack.appLog);
      // Settles when the app stops for any reason, so a crash at start fails the run at once.
      const serverExit = new Promise((resolve) => server.once('exit', resolve));
      exits.push(serverExit);
      cleanups.push(async () => {
        server.kill('SIGTERM');
        await serverExit;
      });
    }
    if (replicas) {
      const apis = processes.filter((p) => p.role === 'api').map((p) => `http://127.0.0.1:${p.port}`);
      const proxy = await startRoundRobinProxy(apis, { port: publicPort });
      cleanups.push(() => proxy.close());
      console.log(
        `${label} replicas: ${apis.join(' and ')} behind ${proxy.url}, worker on ${processes[2].port}`,
      );
    }
    stack.ready = Promise.race([
      Promise.all(
        processes.map((proc) =>
          waitFor(() => httpOk(`http://127.0.0.1:${proc.port}/api/health/ready`), {
            timeoutMs: 60000,
            what: `the ${proc.role} process of ${label}`,
          }),
        ),
      ),
      Promise.race(exits).then((exitCode) => {
        throw new Error(
          `an app process of ${label} exited (code ${exitCode}) before it was ready; is backend/dist built?`,
        );
      }),
    ]);
    stack.ready.catch(() => {}); // awaited by the caller; never an unhandled rejection meanwhile
    stack.testEnv = {
      ...process.env,
      E2E_BASE_URL: `http://127.0.0.1:${port}`,
      E2E_MAIL_API: mail.inboxUrl.replace('localhost', '127.0.0.1'),
      E2E_FAKE_STRIPE_URL: fakeStripe.url,
      // For tests that set up what no API offers (an editor account).
      E2E_DATABASE_URL: dbUrl.toString(),
      E2E_ADMIN_USERNAME: 'admin',
      E2E_ADMIN_PASSWORD: 'admin-password-1',
    };
    return stack;
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

/** One file on a stack; its whole output is printed in one piece once it is done. */
function runFile(stack, file) {
  const started = Date.now();
  // Not spawnSync: the fake Stripe lives in this process and must keep answering meanwhile.
  const child = track(
    spawn(process.execPath, ['--test', '--test-reporter=spec', file], {
      cwd: ROOT,
      env: stack.testEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const result = {
        file,
        ok: code === 0,
        code: code ?? signal,
        seconds: (Date.now() - started) / 1000,
        output: Buffer.concat(chunks).toString('utf8').trimEnd(),
      };
      const status = result.ok ? 'passed' : `FAILED (exit ${result.code})`;
      const body = result.output
        .split('\n')
        .map((line) => `${stack.label} ${line}`)
        .join('\n');
      process.stdout.write(
        `\n── ${stack.label} ${file}: ${status} in ${result.seconds.toFixed(1)}s\n${body}\n`,
      );
      resolve(result);
    });
  });
}

async function runShard(stack, files) {
  const results = [];
  for (const file of files) {
    if (interrupted) break;
    results.push(await runFile(stack, file));
  }
  return results;
}

const only = process.argv.slice(2);
const files = only.length
  ? only
  : readdirSync(join(ROOT, 'e2e', 'tests'))
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => join('e2e', 'tests', f));
const requested = Number.parseInt(process.env.E2E_SHARDS ?? '2', 10);
const shards = splitFiles(files, Number.isInteger(requested) && requested > 0 ? requested : 1);

const t0 = Date.now();
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const stacks = [];
let code = 1;
let shardResults = [];
try {
  for (const [i, shard] of shards.entries()) {
    if (interrupted) throw new Error('interrupted');
    const label = shards.length > 1 ? `[shard ${i + 1}/${shards.length}]` : '[e2e]';
    stacks.push(await startStack({ admin, index: i, label }));
    console.log(
      `${label} ${shard.files.length} files, about ${shard.weight}s: ${shard.files.map((f) => basename(f)).join(' ')}`,
    );
  }
  await Promise.all(stacks.map((s) => s.ready));
  shardResults = await Promise.all(stacks.map((s, i) => runShard(s, shards[i].files)));
  const all = shardResults.flat();
  code = !interrupted && all.length === files.length && all.every((r) => r.ok) ? 0 : 1;
} finally {
  await Promise.all(stacks.map((s) => s.stop()));
  await admin.end();
}

// Summary: every file's time (to update WEIGHTS), then each failure again in full.
const wall = (Date.now() - t0) / 1000;
console.log(`\n── browser tests: ${files.length} files on ${stacks.length} stack(s) in ${wall.toFixed(0)}s`);
for (const [i, results] of shardResults.entries()) {
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`${stacks[i].label} ${total.toFixed(0)}s`);
  for (const r of results)
    console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)}s  ${basename(r.file)}`);
}
for (const [i, results] of shardResults.entries()) {
  const failed = results.filter((r) => !r.ok);
  if (!failed.length) continue;
  console.log(`\n══ ${stacks[i].label} failed: ${failed.map((r) => basename(r.file)).join(', ')}`);
  for (const r of failed) console.log(`\n── ${r.file} (exit ${r.code}):\n${r.output}`);
  if (stacks[i].appLog.length)
    console.log(`\n── the app's log on ${stacks[i].label}:\n${stacks[i].appLog.join('\n')}`);
}
if (interrupted) console.log('\nInterrupted: not every file ran.');
process.exit(code);
