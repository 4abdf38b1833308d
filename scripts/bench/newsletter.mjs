// `npm run bench -- newsletter`: how fast a newsletter issue reaches a large list, that nobody
// is lost or mailed twice (also with the SMTP server away mid-send), and that the app's memory
// stays flat while it sends.
//
// Boots the built backend (backend/dist, ROLE=all, production mode) against a fresh database
// on 127.0.0.1:5432 and a private Redis prefix, with a local SMTP sink as its server, and
// inserts N confirmed subscribers. Runs, each timed from the request to the last mail settled:
//   reference  N plain mails put straight on the `mail` queue (no newsletter bookkeeping): the
//              pipeline's own speed on this machine in this run, which the others are compared to;
//   issue      one issue sent to the N subscribers through POST /api/admin/newsletter/issues/{id}/send;
//   outage     another issue, with the SMTP sink stopped for --outage seconds shortly after the start.
// Every mail's Message-ID is derived from its job id (newsletter-issue-{issue}-{subscriber}),
// which the sink counts: lost = N - distinct ids, duplicated = copies beyond the first.
// The app's resident memory (VmRSS) is sampled every 200 ms during each run.
//
// Options: --subscribers 5000 --outage 30 (seconds; 0 skips the run) --outage-after 1
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, freePort, httpOk, log, waitFor } from '../lib.mjs';
import { Sink } from './lib/smtp-sink.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '5000' },
    outage: { type: 'string', default: '30' },
    'outage-after': { type: 'string', default: '1' },
  },
});
const N = Number(args.subscribers);
const OUTAGE_S = Number(args.outage);
const OUTAGE_AFTER_S = Number(args['outage-after']);
const RETRY_DELAY_MS = 5000;

const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
const Bull = requireBackend('bull');
const pg = requireBackend('pg');
const Redis = requireBackend('ioredis');

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

for (const [file, workspace] of [
  ['libs/shared/dist/index.js', '@studio/shared'],
  ['backend/dist/main.js', '@studio/backend'],
]) {
  if (existsSync(join(ROOT, file))) continue;
  log(`Building ${workspace}...`);
  const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(1);
}
const { MAIL_QUEUE, mailJobOptions } = requireBackend('./dist/mail/mail.constants.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function sampleMemory(pid) {
  const samples = [rssMiB(pid)];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 200);
  return () => {
    clearInterval(timer);
    samples.push(rssMiB(pid));
    return { start: samples[0], peak: Math.max(...samples), end: samples[samples.length - 1] };
  };
}

// ---------------------------------------------------------------- main
const stamp = Date.now().toString(36);
const dbName = `studio_bench_newsletter_${stamp}`;
const redisPrefix = `bench-newsletter-${stamp}`;
const adminDb = new pg.Client({ connectionString: PG_URL });
await adminDb.connect();
await adminDb.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${dbName}`;

const sink = new Sink();
await sink.start();
const port = await freePort(3350);
const base = `http://127.0.0.1:${port}`;
const logFile = join(tmpdir(), `studio-bench-newsletter-${stamp}.log`);
const out = openSync(logFile, 'a');
log(`Booting backend/dist on :${port} (ROLE=all), SMTP sink on :${sink.port}; app log: ${logFile}`);
const app = spawn(process.execPath, ['backend/dist/main.js'], {
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
    MAIL_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    SEED_ADMIN_USERNAME: 'admin',
    SEED_ADMIN_EMAIL: 'admin@bench.example.com',
    SEED_ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
  },
});
const queue = new Bull(MAIL_QUEUE, { redis: REDIS_URL, prefix: `${redisPrefix}:bull` });
const db = new pg.Client({ connectionString: dbUrl.toString() });

async function call(path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Waits until nothing is waiting, active or delayed on the mail queue and the sink stopped growing. */
async function drained(prefix, what) {
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

async function reference() {
  const prefix = `bench-ref-${stamp}-`;
  const memory = sampleMemory(app.pid);
  const started = Date.now();
  const opts = mailJobOptions(RETRY_DELAY_MS);
  for (let i = 0; i < N; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(i + 500, N); j++) {
      const jobId = `${prefix}${j}`;
      batch.push({
        data: {
          template: 'customer-test',
          to: `ref${j}@bench.example.com`,
          subject: `Reference mail ${j}`,
          context: { fromAddress: 'bench@localhost', sentAt: new Date().toISOString() },
          jobId,
        },
        opts: { ...opts, jobId },
      });
    }
    await queue.addBulk(batch);
  }
  await drained(prefix, 'the reference run to drain');
  const seconds = (Date.now() - started) / 1000;
  return { name: 'reference (plain mails)', seconds, ...sink.countFor(prefix), memory: memory() };
}

async function issueRun(name, token, { outage }) {
  const { issue } = await call('/api/admin/newsletter/issues', {
    method: 'POST',
    token,
    body: {
      subject: `Bench issue ${name}`,
      preheader: 'Benchmark',
      bodyHtml:
        '<h2>This month at the studio</h2><p>New outboard, a new vocal booth and <a href="/blog">three new posts</a>.</p>' +
        '<ul><li>Analog summing</li><li>Stem mastering</li></ul>'.repeat(5),
    },
  });
  const prefix = `newsletter-issue-${issue.id}-`;
  const memory = sampleMemory(app.pid);
  const started = Date.now();
  const sent = await call(`/api/admin/newsletter/issues/${issue.id}/send`, { method: 'POST', token });
  const again = await call(`/api/admin/newsletter/issues/${issue.id}/send`, { method: 'POST', token });
  if (!sent.started || again.started) throw new Error('expected exactly one send to start');
  let outageWindow = null;
  if (outage) {
    outageWindow = (async () => {
      await sleep(OUTAGE_AFTER_S * 1000);
      const before = sink.countFor(prefix).unique;
      await sink.stop();
      log(`  SMTP sink stopped after ${before} mails; down for ${OUTAGE_S} s`);
      await sleep(OUTAGE_S * 1000);
      await sink.start();
      log(`  SMTP sink back after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    })();
  }
  let final;
  await waitFor(
    async () => {
      final = (await call(`/api/admin/newsletter/issues/${issue.id}`, { token })).issue;
      return final.state === 'sent';
    },
    { timeoutMs: 30 * 60 * 1000, intervalMs: 250, what: `issue ${name} to settle` },
  );
  await outageWindow;
  await drained(prefix, `issue ${name} to drain`);
  const seconds = (Date.now() - started) / 1000;
  return { name, seconds, ...sink.countFor(prefix), memory: memory(), progress: final.progress };
}

const results = [];
try {
  await waitFor(() => httpOk(`${base}/api/health`), { timeoutMs: 60000, what: 'the app' });
  await db.connect();
  await db.query(
    `INSERT INTO newsletter_subscribers (email, confirmed_at)
     SELECT 'listener' || g || '@bench.example.com', now() FROM generate_series(1, $1) AS g`,
    [N],
  );
  const { authToken: token } = await call('/api/login', {
    method: 'POST',
    body: { username: 'admin', password: 'bench-password' },
  });
  log(`Reference: ${N} plain mails straight on the queue`);
  results.push(await reference());
  log(`Issue: one issue to ${N} subscribers, SMTP up throughout`);
  results.push(await issueRun('issue', token, { outage: false }));
  if (OUTAGE_S > 0) {
    log(`Outage: another issue, SMTP down for ${OUTAGE_S} s after ${OUTAGE_AFTER_S} s`);
    results.push(await issueRun('outage', token, { outage: true }));
  }
} finally {
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
}

const ref = results[0];
const rows = [
  ['run', 'mails', 'seconds', 'mails/s', 'vs reference', 'lost', 'duplicated', 'RSS start→peak→end MiB'],
  ...results.map((r) => [
    r.name,
    N,
    r.seconds.toFixed(1),
    (r.unique / r.seconds).toFixed(0),
    `${(r.unique / r.seconds / (ref.unique / ref.seconds)).toFixed(2)}×`,
    N - r.unique,
    r.duplicated,
    `${r.memory.start.toFixed(0)}→${r.memory.peak.toFixed(0)}→${r.memory.end.toFixed(0)}`,
  ]),
];
printTable(rows);
for (const r of results.filter((x) => x.progress))
  console.log(`${r.name}: the issue's own counts ${JSON.stringify(r.progress)}`);
console.log(
  `\n"vs reference" is throughput relative to plain mails on the same queue in this run (1.00× = no cost for` +
    ` the per-recipient bookkeeping). "seconds" runs from the send request to the last mail settled; the outage run` +
    ` includes the ${OUTAGE_S} s the SMTP server was away.`,
);
process.exit(results.every((r) => N - r.unique === 0 && r.duplicated === 0) ? 0 : 1);
