// `npm run bench -- uploads`: a large tus upload into a client project over loopback.
//
// Boots the built backend (production mode) on a fresh database, opens a project with a portal
// session straight in the database, then:
//   1. reference: a bare node:http server that streams a PATCH body to a file on the same disk
//      (the ceiling for any Node server here);
//   2. the app: the same bytes as one tus upload (POST, then one PATCH), sampling the server's
//      resident memory (VmRSS) every 100 ms;
//   3. kill and resume: a second upload, the server SIGKILLed at half way, started again; HEAD
//      gives the stored offset and the rest is sent from there; the stored file's SHA-256 must
//      equal the source's.
// Reports numbers only; it never fails on a timing.
//
// Environment: BENCH_PG_URL / TEST_PG_URL, REDIS_URL, BENCH_UPLOAD_MB (default 1024),
// BENCH_SKIP_BUILD=1 to use the existing backend/dist.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { ROOT, ensureBuilt, freePort, httpOk, log, waitFor } from '../lib.mjs';

const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** A WAV header and then SIZE - 44 bytes of a repeating pseudo-random pattern, generated on the fly. */
const pattern = randomBytes(CHUNK);
function wavHeader(total) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(Math.min(total - 8, 0xffffffff), 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(48000, 24);
  h.writeUInt32LE(48000 * 6, 28);
  h.writeUInt16LE(6, 32);
  h.writeUInt16LE(24, 34);
  h.write('data', 36);
  h.writeUInt32LE(Math.min(total - 44, 0xffffffff), 40);
  return h;
}
const header = wavHeader(SIZE);
function byteAt(range) {
  const [start, end] = range; // [start, end)
  return Readable.from(
    (function* () {
      for (let pos = start; pos < end;) {
        const n = Math.min(CHUNK - (pos % CHUNK), end - pos);
        if (pos < 44) {
          const m = Math.min(44 - pos, n);
          yield header.subarray(pos, pos + m);
          pos += m;
          continue;
        }
        yield pattern.subarray(pos % CHUNK, (pos % CHUNK) + n);
        pos += n;
      }
    })(),
    { objectMode: false },
  );
}
function sourceSha() {
  const hash = createHash('sha256');
  hash.update(header);
  let pos = 44;
  while (pos < SIZE) {
    const n = Math.min(CHUNK - (pos % CHUNK), SIZE - pos);
    hash.update(pattern.subarray(pos % CHUNK, (pos % CHUNK) + n));
    pos += n;
  }
  return hash.digest('hex');
}
async function fileSha(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

function request(url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
const rate = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function reference(dir) {
  const port = await freePort(3350);
  const server = http.createServer((req, res) => {
    const out = createWriteStream(join(dir, 'reference.bin'));
    req.pipe(out).on('finish', () => res.writeHead(204).end());
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const started = performance.now();
  const res = await request(`http://127.0.0.1:${port}/`, {
    method: 'PATCH',
    headers: { 'content-length': SIZE },
    body: byteAt([0, SIZE]),
  });
  const ms = performance.now() - started;
  server.close();
  rmSync(join(dir, 'reference.bin'), { force: true });
  if (res.status !== 204) throw new Error(`reference answered ${res.status}`);
  return ms;
}

const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
const db = `studio_bench_uploads_${Date.now().toString(36)}`;
const storageDir = mkdtempSync(join(tmpdir(), 'studio-bench-projects-'));
const admin = new pg.Client({ connectionString: PG_URL });

if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
await admin.connect();
await admin.query(`CREATE DATABASE "${db}"`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${db}`;
const port = await freePort(3300);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL,
  REDIS_PREFIX: db,
  STORAGE_URL: pathToFileURL(storageDir).href,
  UPLOAD_MAX_FILE_MB: String(Math.ceil(SIZE / 1024 / 1024) + 1),
  UPLOAD_MAX_PROJECT_MB: String(Math.ceil((3 * SIZE) / 1024 / 1024)),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SEED_ADMIN_PASSWORD: 'bench-password',
  // Mail goes nowhere useful here; the probe's mails just wait in the queue.
  SMTP_URL: 'smtp://127.0.0.1:9',
  LOG_LEVEL: 'warn',
};
let server;
async function startServer() {
  server = spawn(process.execPath, ['backend/dist/main.js'], { cwd: ROOT, stdio: 'ignore', env });
  await waitFor(() => httpOk(`${base}/api/health`), { timeoutMs: 60000, what: 'the app' });
}

try {
  await startServer();
  // A paid booking's project and a portal session, straight in the database.
  const db2 = new pg.Client({ connectionString: dbUrl.toString() });
  await db2.connect();
  const [{ id: paymentId }] = (
    await db2.query(
      `INSERT INTO payments (kind, amount, currency, status, customer_email) VALUES ('deposit', 3000, 'gbp', 'succeeded', 'bench@example.com') RETURNING id`,
    )
  ).rows;
  const [{ id: projectId }] = (
    await db2.query(
      `INSERT INTO projects (payment_id, customer_email, service_name, quoted_pence, deposit_pence, revision_rounds)
       VALUES ($1, 'bench@example.com', 'Mix', 6000, 3000, 2) RETURNING id`,
      [paymentId],
    )
  ).rows;
  const session = randomBytes(32).toString('base64url');
  await db2.query(
    `INSERT INTO portal_tokens (token_hash, kind, email, expires_at) VALUES ($1, 'session', 'bench@example.com', now() + interval '1 day')`,
    [createHash('sha256').update(session).digest('hex')],
  );
  await db2.end();
  const tus = { 'tus-resumable': '1.0.0', cookie: `portal_session=${session}` };
  const meta = (name) =>
    `projectId ${Buffer.from(projectId).toString('base64')},filename ${Buffer.from(name).toString('base64')}`;
  const create = async (name) => {
    const res = await request(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': SIZE, 'upload-metadata': meta(name) },
    });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
    return base + res.headers.location;
  };
  const patch = (location, offset, end) =>
    request(location, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': end - offset,
      },
      body: byteAt([offset, end]),
    });

  log(`Uploading ${mb(SIZE)} MB: bare node:http reference first...`);
  const refMs = await reference(storageDir);

  log('...then the app (tus PATCH into project storage)');
  const location = await create('bench.wav');
  const samples = [];
  const rss0 = rssMb(server.pid);
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 100);
  const started = performance.now();
  const res = await patch(location, 0, SIZE);
  const appMs = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 204) throw new Error(`upload answered ${res.status} ${res.text}`);
  const rssMax = Math.max(...samples.filter((v) => v !== null));

  log('Kill and resume: SIGKILL at 50%, restart, HEAD, send the rest');
  const second = await create('resume.wav');
  const half = Math.floor(SIZE / 2);
  const aborted = request(second, {
    method: 'PATCH',
    headers: {
      ...tus,
      'upload-offset': 0,
      'content-type': 'application/offset+octet-stream',
      'content-length': SIZE,
    },
    body: byteAt([0, SIZE]),
  }).catch((err) => ({ error: err.message }));
  const id = second.split('/').pop();
  await waitFor(
    async () => {
      try {
        const { statSync } = await import('node:fs');
        return statSync(join(storageDir, id)).size >= half;
      } catch {
        return false;
      }
    },
    { timeoutMs: 120000, intervalMs: 20, what: 'half the upload on disk' },
  );
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  await aborted;
  await startServer();
  const head = await request(second, { method: 'HEAD', headers: tus });
  const offset = Number(head.headers['upload-offset']);
  const rest = await patch(second, offset, SIZE);
  if (rest.status !== 204) throw new Error(`resume answered ${rest.status} ${rest.text}`);
  const [expected, stored] = await Promise.all([Promise.resolve(sourceSha()), fileSha(join(storageDir, id))]);

  console.log(`\nUpload of ${mb(SIZE)} MB over loopback`);
  console.log(
    `  bare node:http to disk   ${rate(SIZE, refMs).padStart(6)} MB/s  (${(refMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  app, tus PATCH           ${rate(SIZE, appMs).padStart(6)} MB/s  (${(appMs / 1000).toFixed(1)} s, ${((refMs / appMs) * 100).toFixed(0)}% of bare; goal >= 100 MB/s)`,
  );
  console.log(
    `  server RSS               ${rss0?.toFixed(0)} MB before, ${rssMax.toFixed(0)} MB at most during the upload (+${(rssMax - rss0).toFixed(0)} MB for ${mb(SIZE)} MB sent)`,
  );
  console.log(
    `  kill at 50% and resume   stored offset after restart ${mb(offset)} MB of ${mb(SIZE)} MB; SHA-256 ${stored === expected ? 'equal' : 'DIFFERENT'} (${stored.slice(0, 16)}…)`,
  );
  if (stored !== expected) process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
  await admin.end();
  rmSync(storageDir, { recursive: true, force: true });
}
