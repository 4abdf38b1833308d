// `npm run bench -- start [--warm=N]`: how long `npm start` takes to a healthy app, from a fresh
// clone (cold: `npm ci`, every build, a new embedded PostgreSQL, first boot with the migrations)
// and then started again in the same folder (warm: nothing to install or build), N times (2).
//
// The clone is of this folder's committed HEAD (`git clone`), in a temporary folder removed at
// the end, so uncommitted changes are not measured. The run is what a newcomer gets: no
// DATABASE_URL or SMTP_URL (the embedded PostgreSQL and MailDev start), the machine's Redis when
// it answers on 6379 (under a key prefix of its own) and a free port. "Healthy" is the first 200
// from /api/health, timed from the moment `npm start` is spawned; the phase times come from the
// lines start.mjs prints. Each run is stopped with SIGINT, as Ctrl+C would, and waited for.
// Reports numbers only; it never fails on a timing (the goal, issue 27: cold <= 120 s, warm <= 5 s).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, httpOk, log } from '../lib.mjs';

const args = process.argv.slice(2);
const warmRuns = Math.max(1, Number(args.find((a) => a.startsWith('--warm='))?.split('=')[1] ?? 2));
const COLD_GOAL_S = 120;
const WARM_GOAL_S = 5;

const dir = mkdtempSync(join(tmpdir(), 'studio-bench-start-'));
// Readable by others, as a clone in a normal folder is: as root, the embedded PostgreSQL runs as
// the `postgres` user, which must reach its binaries and data folder inside the clone.
chmodSync(dir, 0o755);
const clone = join(dir, 'studio');
const logs = [];

/** Starts `npm start` in the clone, waits for /api/health, stops it; returns the timings. */
async function timedStart(label) {
  const port = await freePort(3450);
  const env = { ...process.env, PORT: String(port), REDIS_PREFIX: `bench_start_${Date.now().toString(36)}` };
  // What a newcomer's shell would not have set.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'NODE_ENV', 'STUDIO_SKIP_BUILD_CHECK'])
    delete env[name];
  for (const name of Object.keys(env))
    if (name.startsWith('npm_') || name.startsWith('NX_')) delete env[name];
  const logFile = join(dir, `${label}.log`);
  const out = createWriteStream(logFile);
  logs.push(logFile);
  const started = performance.now();
  // Its own process group, so SIGINT reaches npm and start.mjs as Ctrl+C in a terminal would.
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const collect = (chunk) => {
    text += chunk;
    out.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let healthyMs = null;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone && performance.now() - started < 600000) {
    if (await httpOk(`http://127.0.0.1:${port}/api/health`)) {
      healthyMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // start.mjs prints its phase times a moment after the app answers: wait for them (up to 3 s).
  for (let i = 0; i < 30 && !gone && healthyMs !== null && !text.includes('The studio is running'); i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!gone) process.kill(-child.pid, 'SIGINT');
  await exited;
  out.end();
  if (healthyMs === null)
    throw new Error(`${label}: the app never answered /api/health (see ${logFile}):\n${text.slice(-3000)}`);
  const phase = (name) => {
    const m = new RegExp(`${name} in (\\d+(?:\\.\\d+)?)s`).exec(text);
    return m ? Number(m[1]) : null;
  };
  return { healthyMs, install: phase('Installed'), build: phase('Built'), boot: phase('Booted') };
}

const rows = [];
try {
  log(`Cloning ${ROOT} (HEAD) into ${clone} ...`);
  const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone failed');
  log('Cold start: npm start in the fresh clone (install, build, first boot) ...');
  rows.push(['cold', await timedStart('cold'), COLD_GOAL_S]);
  for (let i = 1; i <= warmRuns; i++) {
    log(`Warm start ${i}: npm start again in the same folder ...`);
    rows.push([`warm ${i}`, await timedStart(`warm-${i}`), WARM_GOAL_S]);
  }
} finally {
  // Kept only when something went wrong, for its logs.
  if (rows.length === warmRuns + 1) rmSync(dir, { recursive: true, force: true });
  else log(`Logs kept in ${dir}`);
}

const s = (v) => (v === null ? '    -' : `${v.toFixed(1)} s`.padStart(7));
console.log('\n`npm start` to a healthy /api/health, from a fresh clone of HEAD');
console.log('  run      to healthy   install    build     boot   goal');
for (const [label, t, goal] of rows) {
  const total = t.healthyMs / 1000;
  console.log(
    `  ${label.padEnd(8)} ${s(total)}    ${s(t.install)}  ${s(t.build)}  ${s(t.boot)}   <= ${goal} s ${total <= goal ? 'ok' : 'OVER'}`,
  );
}
