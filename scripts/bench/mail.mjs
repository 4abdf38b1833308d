// `npm run bench -- mail`: how fast the mail pipeline drains, and whether it loses or
// duplicates anything when the SMTP server goes away.
//
// Boots the built backend (backend/dist, ROLE=all, production mode) against a fresh database
// on 127.0.0.1:5432 and a private Redis prefix, with a local SMTP sink as its server. Each run
// queues N mails on the `mail` queue (with the app's own job options) and waits until every
// job has settled. Run 1 is straight; run 2 stops the sink for 20 s shortly after the start.
// Every mail carries a unique Message-ID (derived from its job id), which the sink counts.
// Mails are stored in mail_messages and the jobs carry their ids, as MailService.enqueue does,
// so the worker's load-and-record round trips to PostgreSQL are part of the measure.
//
// Options: --mails 5000 --outage 20 (seconds) --outage-after 1 (seconds after the first mail is queued)
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, freePort, httpOk, log, waitFor } from '../lib.mjs';
import { Sink } from './lib/smtp-sink.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '5000' },
    outage: { type: 'string', default: '20' },
    'outage-after': { type: 'string', default: '1' },
  },
});
const MAILS = Number(args.mails);
const OUTAGE_S = Number(args.outage);
const OUTAGE_AFTER_S = Number(args['outage-after']);

const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
const Bull = requireBackend('bull');
const pg = requireBackend('pg');
const Redis = requireBackend('ioredis');

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// ---------------------------------------------------------------- build
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

// ---------------------------------------------------------------- SMTP sink

// ---------------------------------------------------------------- one run
async function run(name, queue, sink, { outage }) {
  const prefix = `bench-${name}-`;
  // The app's own job options, except that completed jobs are kept so the run can count how
  // many needed a retry (the app keeps only the last 1000).
  const opts = { ...mailJobOptions(RETRY_DELAY_MS), removeOnComplete: false };
  // The clock starts before the first job is queued; the worker drains while the rest arrive
  // (queueing 500 jobs per round trip is far faster than sending them).
  const started = Date.now();
  // As MailService.enqueue does: the mail is stored in mail_messages, the job carries its id.
  for (let i = 0; i < MAILS; i += 500) {
    const ids = [];
    const payloads = [];
    for (let j = i; j < Math.min(i + 500, MAILS); j++) {
      const jobId = `${prefix}${j}`;
      ids.push(jobId);
      payloads.push(
        JSON.stringify({
          template: 'customer-test',
          to: `listener${j}@bench.example.com`,
          subject: `Benchmark mail ${j}`,
          context: {
            name: `Listener ${j}`,
            method: name,
            fromAddress: 'bench@localhost',
            sentAt: new Date().toISOString(),
          },
          jobId,
        }),
      );
    }
    await appDb.query(
      'INSERT INTO mail_messages (job_id, payload) SELECT * FROM unnest($1::varchar[], $2::jsonb[])',
      [ids, payloads],
    );
    await queue.addBulk(ids.map((jobId) => ({ data: { mailId: jobId }, opts: { ...opts, jobId } })));
  }
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
  // Settled: nothing waiting, active or delayed for this batch, and the sink stopped growing.
  let last = -1;
  await waitFor(
    async () => {
      const counts = await queue.getJobCounts();
      const pending = counts.waiting + counts.active + counts.delayed;
      const { unique } = sink.countFor(prefix);
      const settled = pending === 0 && unique === last;
      last = unique;
      return settled;
    },
    { timeoutMs: 30 * 60 * 1000, intervalMs: 250, what: `run "${name}" to drain` },
  );
  await outageWindow;
  const seconds = (Date.now() - started) / 1000;
  const { unique, duplicated } = sink.countFor(prefix);
  const failed = (await queue.getFailed()).filter((j) => String(j.id).startsWith(prefix));
  const retried = (await queue.getCompleted(0, -1)).filter(
    (j) => String(j.id).startsWith(prefix) && j.attemptsMade > 0,
  ).length;
  return {
    name,
    mails: MAILS,
    seconds,
    perSecond: unique / seconds,
    lost: MAILS - unique,
    duplicated,
    failed: failed.length,
    retried,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const RETRY_DELAY_MS = 5000;

// ---------------------------------------------------------------- main
const stamp = `${Date.now().toString(36)}`;
const dbName = `studio_bench_mail_${stamp}`;
const redisPrefix = `bench-mail-${stamp}`;
const adminDb = new pg.Client({ connectionString: PG_URL });
await adminDb.connect();
await adminDb.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${dbName}`;

const sink = new Sink();
await sink.start();
const port = await freePort(3300);
const logFile = join(tmpdir(), `studio-bench-mail-${stamp}.log`);
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
    SEED_ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
  },
});
const queue = new Bull(MAIL_QUEUE, { redis: REDIS_URL, prefix: `${redisPrefix}:bull` });
const appDb = new pg.Client({ connectionString: dbUrl.toString() });

const results = [];
try {
  await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60000, what: 'the app' });
  await appDb.connect(); // the app has migrated its database by now
  log(`Run 1: ${MAILS} mails, SMTP up throughout`);
  results.push(await run('straight', queue, sink, { outage: false }));
  log(`Run 2: ${MAILS} mails, SMTP down for ${OUTAGE_S} s after ${OUTAGE_AFTER_S} s`);
  results.push(await run('outage', queue, sink, { outage: true }));
} finally {
  await queue.close().catch(() => undefined);
  await appDb.end().catch(() => undefined);
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

const rows = [
  ['run', 'mails', 'seconds', 'mails/s', 'lost', 'duplicated', 'failed jobs', 'retried jobs'],
  ...results.map((r) => [
    r.name,
    r.mails,
    r.seconds.toFixed(1),
    r.perSecond.toFixed(0),
    r.lost,
    r.duplicated,
    r.failed,
    r.retried,
  ]),
];
printTable(rows);
console.log(
  `\nBackoff: exponential from ${RETRY_DELAY_MS} ms, 8 attempts. "seconds" runs from queueing the first mail to the last job settled;` +
    ` the outage run includes the ${OUTAGE_S} s the SMTP server was away.`,
);
process.exit(results.every((r) => r.lost === 0 && r.duplicated === 0) ? 0 : 1);
