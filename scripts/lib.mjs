// Helpers shared by the start, dev, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
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

/** Installs packages when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  log('Installing packages (first run only)...');
  run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund']);
}

export const BUILD_OUTPUTS = [
  'libs/shared/dist/index.js',
  'backend/dist/main.js',
  'shell/dist/index.html',
  'site-app/dist/remoteEntry.js',
  'admin-app/dist/remoteEntry.js',
];

/** Builds every project; Nx's local cache makes this a no-op when nothing changed. */
export function ensureBuilt({ force = false } = {}) {
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(join(ROOT, f)));
  if (!force && missing.length === 0 && process.env.STUDIO_SKIP_BUILD_CHECK === '1') return;
  if (missing.length) log('Building the backend and the front end (first run takes a minute or two)...');
  run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: missing.length ? 'inherit' : ['ignore', 'ignore', 'inherit'],
  });
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
