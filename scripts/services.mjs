// Local stand-ins for PostgreSQL, Redis and SMTP, used when their URLs are not configured.
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { embeddedPgHome } from './embedded-pg-home.mjs';
import { DATA_DIR, ROOT, freePort, log, redisAnswers, spawn, waitFor, which } from './lib.mjs';

const require = createRequire(import.meta.url);

/** Embedded PostgreSQL with its data under .data/pg; returns { url, stop }. */
export async function startEmbeddedPostgres({
  port: preferred = 5433,
  dataDir = DATA_DIR,
  root = ROOT,
} = {}) {
  // As root, somewhere the postgres user can reach (see embedded-pg-home.mjs).
  const home = embeddedPgHome({ root, dataDir });
  const { default: EmbeddedPostgres } = await import(
    pathToFileURL(join(home.pkgDir, 'dist', 'index.js')).href
  );
  const databaseDir = home.databaseDir;
  const passwordFile = join(dataDir, 'pg-password');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort(preferred);
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root: as root the library runs it as the `postgres` OS user
    // (created if missing) and hands it the data folder.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (e) => process.stderr.write(`[postgres] ${e instanceof Error ? e.message : String(e)}\n`),
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log(`Creating the embedded PostgreSQL database in ${databaseDir} ...`);
    try {
      await pg.initialise();
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      throw new Error(
        `The embedded PostgreSQL could not be created in ${databaseDir} (${detail}). ` +
          'Set DATABASE_URL to a PostgreSQL you run, or STUDIO_PG_HOME to a folder the postgres user can reach.',
      );
    }
  }
  try {
    await pg.start();
  } catch (err) {
    const detail = err instanceof Error ? err.message : 'it exited during start-up';
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start (${detail}). ` +
        'Is another "npm start" of this folder still running? Stop it, or set DATABASE_URL to use your own PostgreSQL.',
    );
  }
  if (fresh) await pg.createDatabase('studio');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/studio`,
    fresh,
    stop: () => pg.stop(),
  };
}

/** Redis at the URL, else a private redis-server under .data/redis, else a clear error. */
export async function ensureRedis(url) {
  if (await redisAnswers(url)) return { url, stop: async () => {} };
  if (process.env.REDIS_URL) throw new Error(`Redis does not answer at REDIS_URL (${url}).`);
  const bin = which('redis-server');
  if (!bin) {
    throw new Error(
      `Redis does not answer at ${url} and redis-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        '  or set REDIS_URL to a Redis you can reach.',
    );
  }
  const dir = join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort(6380);
  log(`Starting a private Redis on port ${port} ...`);
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '60 1', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const privateUrl = `redis://127.0.0.1:${port}`;
  await waitFor(() => redisAnswers(privateUrl), { what: 'the private Redis', timeoutMs: 10000 });
  return {
    url: privateUrl,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

/** MailDev: catches every mail the app sends and shows it in a web inbox. */
export async function startMailCatcher() {
  const MailDev = require('maildev');
  const smtp = await freePort(1025);
  const web = await freePort(1080);
  const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', silent: true, noOpen: true, disableWeb: false });
  await new Promise((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    inboxUrl: `http://localhost:${web}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}

export { ROOT, chownSync };
