// Helpers shared by the start, dev, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, freemem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = join(ROOT, '.data');

export function log(msg) {
  process.stdout.write(`\x1b[36m[studio]\x1b[0m ${msg}\n`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
  }
}

/** Installs packages when node_modules is missing or older than the lock file; true when it did. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs))
    return false;
  log('Installing packages (first run only)...');
  // --prefer-offline: a tarball already in npm's cache is not checked against the registry again.
  const flags = ['--no-audit', '--no-fund', '--prefer-offline'];
  const command = existsSync(lock) ? 'ci' : 'install';
  try {
    run('npm', [command, ...flags]);
  } catch {
    // A cached package list older than the lock file names a version npm's cache has not seen
    // (ETARGET): ask the registry again.
    log('Installing again without the offline cache...');
    run('npm', [command, '--no-audit', '--no-fund']);
  }
  return true;
}

/**
 * The projects `npm start` needs built: what each build reads, the file that shows it ran, and
 * the projects whose output it reads. Everything under a listed folder counts except
 * node_modules, dist and tests; package-lock.json and tsconfig.base.json count for all. The
 * front ends compile libs/shared from its source (it is among their inputs), so they do not wait
 * for its build (their package.json's `nx.targets.build.dependsOn` says the same to Nx).
 */
const SHARED_INPUTS = [
  'libs/shared/src',
  'libs/shared/review-player',
  'libs/shared/mf',
  'libs/shared/package.json',
  'libs/shared/tsconfig.json',
];
const BUILD_PROJECTS = [
  { name: '@studio/shared', output: 'libs/shared/dist/index.js', inputs: ['libs/shared'], needs: [] },
  {
    name: '@studio/backend',
    output: 'backend/dist/main.js',
    inputs: ['backend', 'scripts/copy-assets.mjs'],
    needs: ['@studio/shared'],
  },
  {
    name: '@studio/site-app',
    output: 'site-app/dist/remoteEntry.js',
    inputs: ['site-app', ...SHARED_INPUTS],
    needs: [],
  },
  {
    name: '@studio/admin-app',
    output: 'admin-app/dist/remoteEntry.js',
    inputs: ['admin-app', ...SHARED_INPUTS],
    needs: [],
  },
  {
    name: '@studio/shell',
    output: 'shell/dist/index.html',
    inputs: ['shell', ...SHARED_INPUTS],
    needs: ['@studio/site-app'],
  },
];
export const BUILD_OUTPUTS = BUILD_PROJECTS.map((p) => p.output);
const COMMON_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'nx.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'coverage', '.nx']);
/** Written into a project's dist/ after a build of it succeeded. */
const STAMP = '.studio-build-stamp';

/** The newest modification time of the files under `path` (0 when it does not exist). */
function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.endsWith('.spec.ts') || entry.name.endsWith('.spec.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Names of the projects whose output is missing or older than one of their inputs (or a stale need's). */
export function staleProjects() {
  const common = Math.max(...COMMON_INPUTS.map((f) => newestMtime(join(ROOT, f))));
  const stale = new Set();
  for (const p of BUILD_PROJECTS) {
    const stamp = join(ROOT, p.output.split('/dist/')[0], 'dist', STAMP);
    const builtAt = existsSync(join(ROOT, p.output)) && existsSync(stamp) ? statSync(stamp).mtimeMs : -1;
    const changedAt = Math.max(common, ...p.inputs.map((f) => newestMtime(join(ROOT, f))));
    if (changedAt > builtAt || p.needs.some((n) => stale.has(n))) stale.add(p.name);
  }
  return [...stale];
}

/**
 * What a build of the stale projects (all with `force`) runs, or null when everything is fresh.
 * Nx restores an unchanged project from its cache and orders the rest by dependency. With every
 * output newer than every input it starts nothing, so a warm `npm start` pays a file walk (tens
 * of milliseconds), not a build tool's start-up. As many builds run at once as there are cores
 * plus one, while each can have about 1.5 GB of free memory (webpack on the admin app peaks
 * near that).
 */
function buildPlan({ force }) {
  const fresh = BUILD_OUTPUTS.some((f) => !existsSync(join(ROOT, f)));
  // The old escape hatch: trust whatever is built (a deployment that builds elsewhere).
  if (!force && !fresh && process.env.STUDIO_SKIP_BUILD_CHECK === '1') return null;
  const stale = force ? BUILD_PROJECTS.map((p) => p.name) : staleProjects();
  if (stale.length === 0) return null;
  if (fresh) log('Building the backend and the front end (first run only)...');
  const parallel = Math.max(1, Math.min(availableParallelism() + 1, Math.floor(freemem() / 1.5e9)));
  return {
    stale,
    args: [
      'nx',
      'run-many',
      '-t',
      'build',
      `--projects=${stale.join(',')}`,
      `--parallel=${parallel}`,
      '--outputStyle=static',
    ],
    opts: {
      cwd: ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      stdio: fresh ? 'inherit' : ['ignore', 'ignore', 'inherit'],
    },
  };
}

function stampBuilt(stale) {
  for (const p of BUILD_PROJECTS) {
    if (stale.includes(p.name)) writeFileSync(join(ROOT, p.output.split('/dist/')[0], 'dist', STAMP), '');
  }
  return stale;
}

/** Builds what is stale (everything with `force`, see buildPlan); returns the names it built. */
export function ensureBuilt({ force = false } = {}) {
  const plan = buildPlan({ force });
  if (!plan) return [];
  run('npx', plan.args, plan.opts);
  return stampBuilt(plan.stale);
}

/** ensureBuilt without blocking the event loop: `npm start` brings up its services meanwhile. */
export async function ensureBuiltAsync({ force = false } = {}) {
  const plan = buildPlan({ force });
  if (!plan) return [];
  const child = spawn('npx', plan.args, plan.opts);
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (status, signal) => resolve(status ?? signal));
  });
  if (code !== 0) throw new Error(`npx ${plan.args.join(' ')} failed (exit ${code})`);
  return stampBuilt(plan.stale);
}

export function portFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, host);
  });
}

export async function freePort(preferred, host = '127.0.0.1') {
  for (let p = preferred; p < preferred + 50; p++) if (await portFree(p, host)) return p;
  throw new Error(`No free port near ${preferred}`);
}

/** True when a Redis server answers PING at the URL. */
export function redisAnswers(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    const sock = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('error', () => done(false));
    sock.once('connect', () => {
      if (u.password) sock.write(`AUTH ${decodeURIComponent(u.password)}\r\n`);
      sock.write('PING\r\n');
    });
    sock.on('data', (d) => {
      if (d.toString().includes('+PONG')) done(true);
      else if (d.toString().startsWith('-NOAUTH') || d.toString().startsWith('-ERR')) done(false);
    });
  });
}

export function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;
}

/** Debian's Chromium, or the browser CHROMIUM_PATH names. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian packages as `ensureDebianPackages` takes them: installed when the command or file exists. */
export const DEBIAN = {
  chromium: { pkg: 'chromium', file: CHROMIUM },
  ffmpeg: { pkg: 'ffmpeg', command: 'ffmpeg' },
  wrk: { pkg: 'wrk', command: 'wrk' },
  taskset: { pkg: 'util-linux', command: 'taskset' },
  redis: { pkg: 'redis-server', command: 'redis-server' },
};

/**
 * The Debian packages a command needs (entries of DEBIAN). As root with apt the missing ones are
 * installed, as a fresh machine needs; otherwise the command stops and names the one line that
 * installs them. Chromium counts as present when CHROMIUM_PATH names a browser that exists.
 */
export function ensureDebianPackages(needs, forWhat) {
  const present = (n) => (n.file ? existsSync(n.file) : !!which(n.command));
  const missing = [...new Set(needs.filter((n) => !present(n)).map((n) => n.pkg))];
  if (!missing.length) return;
  if (process.getuid?.() === 0 && which('apt-get')) {
    log(`Installing Debian ${missing.join(', ')} for ${forWhat}...`);
    run('sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    ]);
    return;
  }
  console.error(
    `\n${forWhat} needs Debian packages that are not installed: ${missing.join(', ')}.\n` +
      `  Install them: sudo apt-get install -y ${missing.join(' ')}` +
      (missing.includes('chromium') ? '\n  (or point CHROMIUM_PATH at a Chromium)' : '') +
      '\n',
  );
  process.exit(2);
}

export async function waitFor(check, { timeoutMs = 30000, intervalMs = 200, what = 'service' } = {}) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export async function httpOk(url) {
  try {
    const res = await fetch(url);
    return res.ok;
  } catch {
    return false;
  }
}

export { spawn };
