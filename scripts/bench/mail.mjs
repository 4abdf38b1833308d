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
// The app's resident memory (VmRSS) is sampled every 200 ms during each run, and its CPU time
// per mail is printed: on a busy machine that moves far less than the wall-clock rate. So is this
// process's (it queues the jobs and runs the SMTP sink), which shares the machine with the app.
//
// Options: --mails 5000 --outage 20 (seconds; 0 skips the outage run) --outage-after 1 (seconds
// after the first mail is queued)
// --profile: the straight run only, with the app under `node --cpu-prof`; prints its heaviest
// functions (self time) after the table.
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import { parseArgs } from 'node:util';
import { ROOT, log } from '../lib.mjs';
import { printTopFrames } from './lib/cpu-profile.mjs';
import {
  buildBackend,
  cpuSeconds,
  drained,
  sampleMemory,
  sinkOutage,
  startMailApp,
} from './lib/mail-app.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '5000' },
    outage: { type: 'string', default: '20' },
    'outage-after': { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
  },
});
const MAILS = Number(args.mails);
const OUTAGE_S = Number(args.outage);
const OUTAGE_AFTER_S = Number(args['outage-after']);

const { mailJobOptions } = buildBackend();

// ---------------------------------------------------------------- one run
async function run(name, queue, sink, { outage, pid }) {
  const prefix = `bench-${name}-`;
  // The app's own job options, except that completed jobs are kept so the run can count how
  // many needed a retry (the app keeps only the last 1000).
  const opts = { ...mailJobOptions(RETRY_DELAY_MS), removeOnComplete: false };
  // The clock starts before the first job is queued; the worker drains while the rest arrive
  // (queueing 500 jobs per round trip is far faster than sending them).
  const started = Date.now();
  const memory = sampleMemory(pid);
  const cpuBefore = cpuSeconds(pid);
  const benchCpuBefore = process.cpuUsage();
  const xactsBefore = await transactions(db);
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
    await db.query(
      'INSERT INTO mail_messages (job_id, payload) SELECT * FROM unnest($1::varchar[], $2::jsonb[])',
      [ids, payloads],
    );
    await queue.addBulk(ids.map((jobId) => ({ data: { mailId: jobId }, opts: { ...opts, jobId } })));
  }
  const outageWindow = outage
    ? sinkOutage(sink, { prefix, afterS: OUTAGE_AFTER_S, forS: OUTAGE_S, started })
    : null;
  await drained(queue, sink, prefix, `run "${name}" to drain`);
  await outageWindow;
  const seconds = (Date.now() - started) / 1000;
  const rss = memory();
  const cpuMsPerMail = ((cpuSeconds(pid) - cpuBefore) * 1000) / MAILS;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  await new Promise((r) => setTimeout(r, 1500)); // PostgreSQL publishes its counters within a second
  const xactsPerMail = ((await transactions(db)) - xactsBefore - MAILS / 500) / MAILS;
  const sinkCpuMsPerMail = (benchCpu.user + benchCpu.system) / 1000 / MAILS;
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
    rss,
    cpuMsPerMail,
    sinkCpuMsPerMail,
    xactsPerMail,
  };
}

/** Transactions committed or rolled back in the bench database so far (the bench's own included). */
async function transactions(db) {
  await db.query('SELECT pg_stat_clear_snapshot()');
  const [row] = (
    await db.query(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    )
  ).rows;
  return Number(row.n);
}

const RETRY_DELAY_MS = 5000;

// ---------------------------------------------------------------- main
const bench = await startMailApp({
  name: 'mail',
  preferredPort: 3500,
  retryDelayMs: RETRY_DELAY_MS,
  profile: args.profile,
});
const { sink, queue, db } = bench;

const results = [];
let profileFile;
try {
  await bench.ready();
  log(`Run 1: ${MAILS} mails, SMTP up throughout`);
  results.push(await run('straight', queue, sink, { outage: false, pid: bench.app.pid }));
  if (!args.profile && OUTAGE_S > 0) {
    log(`Run 2: ${MAILS} mails, SMTP down for ${OUTAGE_S} s after ${OUTAGE_AFTER_S} s`);
    results.push(await run('outage', queue, sink, { outage: true, pid: bench.app.pid }));
  }
} finally {
  profileFile = await bench.stop();
}

const rows = [
  [
    'run',
    'mails',
    'seconds',
    'mails/s',
    'lost',
    'duplicated',
    'failed jobs',
    'retried jobs',
    'app RSS MiB start/peak/end',
    'app CPU ms/mail',
    'bench+sink CPU ms/mail',
    'app PostgreSQL transactions/mail',
  ],
  ...results.map((r) => [
    r.name,
    r.mails,
    r.seconds.toFixed(1),
    r.perSecond.toFixed(0),
    r.lost,
    r.duplicated,
    r.failed,
    r.retried,
    `${r.rss.start.toFixed(0)}/${r.rss.peak.toFixed(0)}/${r.rss.end.toFixed(0)}`,
    r.cpuMsPerMail.toFixed(2),
    r.sinkCpuMsPerMail.toFixed(2),
    r.xactsPerMail.toFixed(3),
  ]),
];
printTable(rows);
console.log(
  `\nBackoff: exponential from ${RETRY_DELAY_MS} ms, 8 attempts. "seconds" runs from queueing the first mail to the last job settled;` +
    ` the outage run includes the ${OUTAGE_S} s the SMTP server was away.`,
);
if (args.profile) {
  if (!profileFile) throw new Error('the app wrote no profile');
  printTopFrames(profileFile, { root: ROOT });
}
process.exit(results.every((r) => r.lost === 0 && r.duplicated === 0) ? 0 : 1);
