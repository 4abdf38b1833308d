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
// The app's resident memory (VmRSS) is sampled every 200 ms during each run, and its CPU time per
// mail is printed (on a busy machine that moves far less than the wall-clock rate).
//
// Options: --subscribers 5000 --outage 30 (seconds; 0 skips the run) --outage-after 1
// --profile: the app under `node --cpu-prof` (reference and issue runs, no outage run); prints its
// heaviest functions (self time) after the table.
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import { parseArgs } from 'node:util';
import { ROOT, log, waitFor } from '../lib.mjs';
import { printTopFrames } from './lib/cpu-profile.mjs';
import * as mailApp from './lib/mail-app.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '5000' },
    outage: { type: 'string', default: '30' },
    'outage-after': { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
  },
});
const N = Number(args.subscribers);
const OUTAGE_S = Number(args.outage);
const OUTAGE_AFTER_S = Number(args['outage-after']);
const RETRY_DELAY_MS = 5000;

const { mailJobOptions } = mailApp.buildBackend();

// ---------------------------------------------------------------- main
const bench = await mailApp.startMailApp({
  name: 'newsletter',
  preferredPort: 3550,
  retryDelayMs: RETRY_DELAY_MS,
  env: { SEED_ADMIN_USERNAME: 'admin', SEED_ADMIN_EMAIL: 'admin@bench.example.com' },
  profile: args.profile,
});
const { stamp, base, app, sink, queue, db } = bench;

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

async function reference() {
  const prefix = `bench-ref-${stamp}-`;
  const memory = mailApp.sampleMemory(app.pid);
  const cpuBefore = mailApp.cpuSeconds(app.pid);
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
  await mailApp.drained(queue, sink, prefix, 'the reference run to drain');
  const seconds = (Date.now() - started) / 1000;
  const cpuMs = (mailApp.cpuSeconds(app.pid) - cpuBefore) * 1000;
  return { name: 'reference (plain mails)', seconds, cpuMs, ...sink.countFor(prefix), memory: memory() };
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
  const memory = mailApp.sampleMemory(app.pid);
  const cpuBefore = mailApp.cpuSeconds(app.pid);
  const started = Date.now();
  const sent = await call(`/api/admin/newsletter/issues/${issue.id}/send`, { method: 'POST', token });
  const again = await call(`/api/admin/newsletter/issues/${issue.id}/send`, { method: 'POST', token });
  if (!sent.started || again.started) throw new Error('expected exactly one send to start');
  const outageWindow = outage
    ? mailApp.sinkOutage(sink, { prefix, afterS: OUTAGE_AFTER_S, forS: OUTAGE_S, started })
    : null;
  let final;
  await waitFor(
    async () => {
      final = (await call(`/api/admin/newsletter/issues/${issue.id}`, { token })).issue;
      return final.state === 'sent';
    },
    { timeoutMs: 30 * 60 * 1000, intervalMs: 250, what: `issue ${name} to settle` },
  );
  await outageWindow;
  await mailApp.drained(queue, sink, prefix, `issue ${name} to drain`);
  const seconds = (Date.now() - started) / 1000;
  const cpuMs = (mailApp.cpuSeconds(app.pid) - cpuBefore) * 1000;
  return { name, seconds, cpuMs, ...sink.countFor(prefix), memory: memory(), progress: final.progress };
}

const results = [];
let profileFile;
try {
  await bench.ready();
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
  if (OUTAGE_S > 0 && !args.profile) {
    log(`Outage: another issue, SMTP down for ${OUTAGE_S} s after ${OUTAGE_AFTER_S} s`);
    results.push(await issueRun('outage', token, { outage: true }));
  }
} finally {
  profileFile = await bench.stop();
}

const ref = results[0];
const rows = [
  [
    'run',
    'mails',
    'seconds',
    'mails/s',
    'vs reference',
    'lost',
    'duplicated',
    'RSS start→peak→end MiB',
    'app CPU ms/mail',
  ],
  ...results.map((r) => [
    r.name,
    N,
    r.seconds.toFixed(1),
    (r.unique / r.seconds).toFixed(0),
    `${(r.unique / r.seconds / (ref.unique / ref.seconds)).toFixed(2)}×`,
    N - r.unique,
    r.duplicated,
    `${r.memory.start.toFixed(0)}→${r.memory.peak.toFixed(0)}→${r.memory.end.toFixed(0)}`,
    (r.cpuMs / N).toFixed(2),
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
if (args.profile) {
  if (!profileFile) throw new Error('the app wrote no profile');
  printTopFrames(profileFile, { root: ROOT });
}
process.exit(results.every((r) => N - r.unique === 0 && r.duplicated === 0) ? 0 : 1);
