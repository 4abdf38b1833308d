// `npm run bench -- blog`: the public blog API under load, side by side with a bare node:http
// server that answers the same bytes, headers and JSON body (the ceiling for any Node server on
// this machine); `--minimal-bare` gives the bare server only content-type and content-length.
//
// Seeds 10,000 published posts into a fresh database on 127.0.0.1:5432, boots the built
// backend (node backend/dist/main.js, production mode, default log level), then runs Debian's
// `wrk` at 50 connections against GET /api/blog/posts?limit=6 and GET /api/blog/posts/{slug},
// bare and real alternated over three rounds. Servers are pinned to one core and wrk to another
// (`taskset`). Prints throughput, p99 latency and the median real/bare ratio per endpoint.
// Reports numbers only: it never fails on a timing (the machine is shared and noisy).
//
// `npm run bench -- blog --profile` measures nothing against bare: it runs the real server under
// `node --cpu-prof`, loads each endpoint for BENCH_DURATION seconds and prints the functions that
// used the most CPU (self time, idle left out).
//
// Environment: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// REDIS_URL, BENCH_DURATION (seconds per run, default 10), BENCH_ROUNDS (default 3),
// BENCH_POSTS (default 10000), BENCH_SKIP_BUILD=1 to use the existing backend/dist,
// BENCH_BACKEND_MAIN (default backend/dist/main.js: another build to compare, with BENCH_SKIP_BUILD=1).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, freePort, httpOk, log, run, waitFor } from '../lib.mjs';
import { topFrames } from './lib/cpu-profile.mjs';

const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const BACKEND_MAIN = process.env.BENCH_BACKEND_MAIN ?? 'backend/dist/main.js';
const { values: args } = parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    'minimal-bare': { type: 'boolean', default: false },
  },
});
const CONNECTIONS = 50;
const GOALS = { list: 0.7, slug: 0.5, p99Ms: 20 };

// wrk and taskset come from Debian (installed by scripts/bench.mjs): the distribution's wrk keeps
// the numbers comparable between machines.

// Two cores at least: servers on one, the load generator on another, so they never fight.
const cores = cpus().length;
const SERVER_CPU = '0';
const LOAD_CPU = cores > 1 ? String(cores - 1) : '0';
if (cores < 2) log('Only one CPU: server and wrk share it, so the ratio is less meaningful.');

const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');

/** wrk's latency figures come as "812.00us", "3.21ms" or "1.02s". */
function toMs(value) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * One wrk run. Besides throughput and p99 it measures the server's CPU time per request, which
 * holds steady on a busy machine where throughput swings with whatever else is running.
 */
function wrk(url, seconds, pid) {
  const cpuBefore = pid ? cpuMicros(pid) : NaN;
  const res = spawnSync(
    'taskset',
    ['-c', LOAD_CPU, 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '5s', url],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`wrk failed: ${res.stderr || res.stdout}`);
  const out = res.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1];
  const socket = /Socket errors:(.*)/.exec(out)?.[1]?.trim();
  if (errors) throw new Error(`wrk saw ${errors} non-2xx responses from ${url}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const cpuPerRequest = pid ? (cpuMicros(pid) - cpuBefore) / requests : NaN;
  return { rps, p99, socket, cpuPerRequest };
}

function startProcess(args, env, what) {
  const child = spawn('taskset', ['-c', SERVER_CPU, process.execPath, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.on('exit', (code) => {
    if (code && code !== 143 && !child.stopping) console.error(`${what} exited with ${code}:\n${stderr}`);
  });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.stopping = true;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** 10 categories, 30 tags, POSTS published posts with 1 category and 2 tags each, ~450 words. */
async function seed(db) {
  await db.query(`
    INSERT INTO categories (name, slug, description)
    SELECT 'Category ' || g, 'category-' || g, 'All about topic ' || g FROM generate_series(1, 10) g`);
  await db.query(`
    INSERT INTO tags (name, slug) SELECT 'Tag ' || g, 'tag-' || g FROM generate_series(1, 30) g`);
  const paragraph =
    'Gain staging keeps every plugin in its sweet spot and leaves headroom for the master bus. ' +
    'Start with the drums, carve space for the vocal with a gentle cut around three kilohertz, ' +
    'then bring in the bass and check the low end in mono before you reach for compression.';
  await db.query(
    `
    INSERT INTO blog_posts (title, slug, content, excerpt, status, author_id, word_count, published_at, created_at, updated_at)
    SELECT 'Studio notes ' || g || ': mixing and mastering tips',
           'studio-notes-' || g,
           repeat('<h2>Part ' || g || '</h2><p>' || $1 || '</p>', 10),
           CASE WHEN g % 3 = 0 THEN NULL ELSE 'Practical mixing advice, part ' || g || '.' END,
           'published',
           (SELECT id FROM users ORDER BY id LIMIT 1),
           450,
           now() - make_interval(mins => g),
           now() - make_interval(mins => g),
           now() - make_interval(mins => g)
    FROM generate_series(1, $2::int) g`,
    [paragraph, POSTS],
  );
  await db.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, 1 + id % 10 FROM blog_posts`);
  await db.query(`
    INSERT INTO post_tags (post_id, tag_id)
    SELECT id, 1 + id % 30 FROM blog_posts UNION SELECT id, 1 + (id * 7 + 3) % 30 FROM blog_posts`);
  await db.query('ANALYZE');
}

/**
 * A node:http server answering fixed bytes per path: the ceiling for a Node server. It sends the
 * real server's status line, headers and body byte for byte (Node adds the same Date and
 * keep-alive headers to both), so the two write the same bytes to the socket; with
 * `--minimal-bare` it sends only content-type and content-length, as before 27 November.
 */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES, 'utf8'));
const bodies = new Map(Object.entries(routes).map(([path, r]) => [path, { body: Buffer.from(r.body), headers: r.headers }]));
http.createServer((req, res) => {
  const hit = bodies.get(req.url);
  if (!hit) { res.writeHead(404); return res.end(); }
  res.writeHead(200, hit.headers);
  res.end(hit.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;
/** What each server's connection adds by itself: never copied into the bare answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 0) => n.toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('Building the backend (npm run build -w @studio/backend) ...');
    run('npm', ['run', 'build', '-w', '@studio/shared'], { stdio: ['ignore', 'ignore', 'inherit'] });
    run('npm', ['run', 'build', '-w', '@studio/backend'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }

  const name = `studio_bench_blog_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${name}`;
  const tmp = mkdtempSync(join(tmpdir(), 'studio-bench-blog-'));
  const stops = [];
  try {
    const port = await freePort(3300);
    const profileDir = join(tmp, 'profile');
    // Nest ends the process by re-raising SIGTERM, and a process killed by a signal writes no
    // profile: under --profile a preloaded listener exits normally instead.
    const exitOnTerm = join(tmp, 'exit-on-term.cjs');
    writeFileSync(exitOnTerm, "process.on('SIGTERM', () => process.exit(0));\n");
    const real = startProcess(
      [
        ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--require', exitOnTerm] : []),
        BACKEND_MAIN,
      ],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL,
        REDIS_PREFIX: name,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        SEED_ADMIN_USERNAME: 'admin',
        SEED_ADMIN_PASSWORD: 'bench-password',
        UPLOAD_DIR: join(tmp, 'uploads'),
        WEB_DIST_DIR: tmp,
      },
      'The backend',
    );
    stops.push(real.stop);
    const realUrl = `http://127.0.0.1:${port}`;
    await waitFor(() => httpOk(`${realUrl}/api/health`), { timeoutMs: 60_000, what: 'the backend' });

    log(`Seeding ${fmt(POSTS)} published posts ...`);
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const t0 = Date.now();
    await seed(db);
    await db.end();
    log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);

    const slug = `studio-notes-${Math.ceil(POSTS / 2)}`;
    const endpoints = [
      { key: 'list', label: 'GET /api/blog/posts?limit=6', path: '/api/blog/posts?limit=6' },
      { key: 'slug', label: `GET /api/blog/posts/${slug}`, path: `/api/blog/posts/${slug}` },
    ];

    // The bare server answers exactly the bytes the real one sends, headers included.
    const routes = {};
    for (const e of endpoints) {
      const res = await fetch(realUrl + e.path);
      const body = await res.text();
      if (!res.ok) throw new Error(`${e.label} answered ${res.status}: ${body.slice(0, 200)}`);
      if (e.key === 'list' && JSON.parse(body).total !== POSTS)
        throw new Error(`expected ${POSTS} posts, got ${JSON.parse(body).total}`);
      const headers = [];
      if (args['minimal-bare']) {
        headers.push(
          'content-type',
          res.headers.get('content-type'),
          'content-length',
          String(Buffer.byteLength(body)),
        );
      } else {
        for (const [name, value] of res.headers) if (!PER_CONNECTION.has(name)) headers.push(name, value);
      }
      routes[e.path] = { body, headers };
      e.headerBytes = headers.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0);
      e.bytes = Buffer.byteLength(body);
    }
    if (args.profile) {
      await profileRun(real, realUrl, endpoints, profileDir);
      return;
    }
    const routesFile = join(tmp, 'routes.json');
    writeFileSync(routesFile, JSON.stringify(routes));
    const barePort = await freePort(port + 1);
    const bare = startProcess(
      ['-e', BARE_SERVER],
      { PORT: String(barePort), BARE_ROUTES: routesFile },
      'The bare server',
    );
    stops.push(bare.stop);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor(() => httpOk(bareUrl + endpoints[0].path), { timeoutMs: 10_000, what: 'the bare server' });

    log(
      `wrk: ${CONNECTIONS} connections, ${DURATION} s a run, ${ROUNDS} rounds; servers on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU}`,
    );
    log(
      args['minimal-bare']
        ? 'Bare reference: the same bodies with content-type and content-length only (--minimal-bare).'
        : `Bare reference: the same status line, headers (${endpoints.map((e) => fmt(e.headerBytes)).join(' and ')} bytes) and bodies as the real server.`,
    );
    for (const e of endpoints) {
      // Warm both (JIT, caches, connection pool) before anything is measured.
      wrk(bareUrl + e.path, 2);
      wrk(realUrl + e.path, 3);
    }
    const results = Object.fromEntries(endpoints.map((e) => [e.key, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const e of endpoints) {
        // Alternate which goes first so drift on the machine does not favour one side.
        const order = round % 2 ? ['bare', 'real'] : ['real', 'bare'];
        const r = {};
        for (const side of order) {
          const server = side === 'bare' ? bare : real;
          r[side] = wrk((side === 'bare' ? bareUrl : realUrl) + e.path, DURATION, server.child.pid);
        }
        results[e.key].push(r);
        console.log(
          `  round ${round}  ${e.label.padEnd(44)} bare ${fmt(r.bare.rps).padStart(7)} req/s p99 ${fmt(r.bare.p99, 2).padStart(6)} ms | ` +
            `real ${fmt(r.real.rps).padStart(7)} req/s p99 ${fmt(r.real.p99, 2).padStart(6)} ms | ratio ${fmt((100 * r.real.rps) / r.bare.rps, 1)}%` +
            ` | CPU/req bare ${fmt(r.bare.cpuPerRequest, 1)} us, real ${fmt(r.real.cpuPerRequest, 1)} us` +
            (r.real.socket ? `  (socket errors: ${r.real.socket})` : ''),
        );
      }
    }

    console.log(
      `\nBlog API, ${fmt(POSTS)} published posts, ${CONNECTIONS} connections (medians of ${ROUNDS} rounds):\n`,
    );
    console.log(
      '  endpoint                                       bytes   bare req/s   real req/s   real/bare   real p99   bare/real CPU per request   goal',
    );
    for (const e of endpoints) {
      const rs = results[e.key];
      const ratio = median(rs.map((r) => r.real.rps / r.bare.rps));
      const p99 = median(rs.map((r) => r.real.p99));
      const cpuRatio = median(rs.map((r) => r.bare.cpuPerRequest / r.real.cpuPerRequest));
      const goal = GOALS[e.key];
      const ok = ratio >= goal && p99 < GOALS.p99Ms;
      console.log(
        `  ${e.label.padEnd(44)} ${fmt(e.bytes).padStart(7)}   ${fmt(median(rs.map((r) => r.bare.rps))).padStart(10)}   ` +
          `${fmt(median(rs.map((r) => r.real.rps))).padStart(10)}   ${fmt(100 * ratio, 1).padStart(8)}%   ${fmt(p99, 2).padStart(6)} ms` +
          `   ${fmt(100 * cpuRatio, 1).padStart(24)}%` +
          `   ${ok ? 'met' : 'MISSED'} (>= ${goal * 100}%, p99 < ${GOALS.p99Ms} ms)`,
      );
    }
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `\n  Load average during the run: ${load} on ${cores} CPUs. Throughput and p99 move with other work on the machine;` +
        "\n  the CPU-per-request ratio (bare cost / real cost) is the steadier measure of the server's own overhead.\n",
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Loads each endpoint on the profiled server, stops it and prints its heaviest functions. */
async function profileRun(real, realUrl, endpoints, profileDir) {
  for (const e of endpoints) wrk(realUrl + e.path, 3);
  for (const e of endpoints) {
    const r = wrk(realUrl + e.path, DURATION, real.child.pid);
    console.log(
      `  ${e.label.padEnd(44)} ${fmt(r.rps)} req/s, CPU/req ${fmt(r.cpuPerRequest, 1)} us (profiler on)`,
    );
  }
  await real.stop();
  const [file] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  const kept = join(tmpdir(), `blog-bench-${Date.now()}.cpuprofile`);
  copyFileSync(join(profileDir, file), kept);
  console.log(`\nProfile kept in ${kept} (open it in Chrome DevTools or VS Code).`);
  console.log('\nTop frames by self time (share of non-idle samples, both endpoints):\n');
  for (const f of topFrames(join(profileDir, file), { root: ROOT }))
    console.log(`  ${fmt(f.share, 1).padStart(5)}%  ${f.name.padEnd(36)} ${f.where}`);
}

main().catch((err) => {
  console.error(err.stack ?? err);
  process.exit(1);
});
