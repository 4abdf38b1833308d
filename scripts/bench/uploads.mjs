// `npm run bench -- uploads [local|s3]`: a large tus upload into a client project over loopback,
// on each storage back end (both by default).
//
// Boots the built backend (production mode) on a fresh database, opens a project with a portal
// session straight in the database, then:
//   1. references: a bare node:http server that streams a PATCH body to a file on the same disk
//      (the ceiling for any Node server here: one untimed warm-up pass, then the faster of two
//      timed passes), and for S3 the same bytes sent straight to the local S3 server as one
//      multipart upload with the AWS SDK (the ceiling of that store);
//   2. the app: the same bytes as one tus upload (POST, then one PATCH), sampling the server's
//      resident memory (VmRSS) every 100 ms;
//   3. kill and resume: a second upload, the server SIGKILLed at half way, started again; HEAD
//      gives the stored offset and the rest is sent from there; the stored file's SHA-256 must
//      equal the source's.
// The S3 pass runs the app against e2e/fake-s3 (s3rver plus ListParts/Abort) in a process of its
// own, so the app's memory is the app's alone. Reports numbers only; it never fails on a timing.
//
// Every request here opens a connection of its own (`agent: false`): Node 20's global agent keeps
// sockets alive, and a second server on a port used before (the reference's second pass, the app
// after its restart) would otherwise be sent bytes over a socket the old server already closed,
// which dies with `write EPIPE`.
//
// Environment: BENCH_PG_URL / TEST_PG_URL, REDIS_URL, BENCH_UPLOAD_MB (default 1024),
// BENCH_SKIP_BUILD=1 to use the existing backend/dist.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
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
/** The bytes [start, end) of the source, generated; `sent.bytes` counts what was handed out. */
function byteAt(range, sent = { bytes: 0 }) {
  const [start, end] = range; // [start, end)
  return Readable.from(
    (function* () {
      for (let pos = start; pos < end;) {
        const n = Math.min(CHUNK - (pos % CHUNK), end - pos);
        if (pos < 44) {
          const m = Math.min(44 - pos, n);
          yield header.subarray(pos, pos + m);
          pos += m;
          sent.bytes += m;
          continue;
        }
        yield pattern.subarray(pos % CHUNK, (pos % CHUNK) + n);
        pos += n;
        sent.bytes += n;
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
async function streamSha(stream) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

function request(url, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
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
  await new Promise((r) => server.close(r));
  rmSync(join(dir, 'reference.bin'), { force: true });
  if (res.status !== 204) throw new Error(`reference answered ${res.status}`);
  return ms;
}

const backendRequire = createRequire(join(ROOT, 'backend', 'package.json'));
const pg = backendRequire('pg');
const admin = new pg.Client({ connectionString: PG_URL });
const drivers = process.argv[2] ? [process.argv[2]] : ['local', 's3'];
if (drivers.some((d) => d !== 'local' && d !== 's3'))
  throw new Error('Usage: npm run bench -- uploads [local|s3]');

/** The local S3 server in a process of its own; resolves with its address once it listens. */
async function startFakeS3Process(dir) {
  const module = join(ROOT, 'e2e', 'fake-s3', 'server.mjs');
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=NodeVersionSupportWarning',
      '--input-type=module',
      '-e',
      `const { startFakeS3 } = await import(${JSON.stringify(pathToFileURL(module).href)});
       const s3 = await startFakeS3({ dir: ${JSON.stringify(dir)} });
       console.log(JSON.stringify({ url: s3.url, env: s3.env() }));`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d)));
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code})`)));
  });
  return { child, ...JSON.parse(line) };
}

/**
 * The ceiling of the S3 path: the same bytes straight into the store with the SDK, as one
 * multipart upload of 8 MiB parts, 8 in flight (what the app's tus store does).
 */
async function s3Reference(s3) {
  const sdk = backendRequire('@aws-sdk/client-s3');
  const client = new sdk.S3Client(s3Config(s3));
  const key = { Bucket: 'studio', Key: 'reference.bin' };
  const PART = 8 * 1024 * 1024;
  const started = performance.now();
  const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand(key));
  const parts = [];
  let next = 0;
  const worker = async () => {
    while (next * PART < SIZE) {
      const n = next++;
      const chunks = [];
      for await (const c of byteAt([n * PART, Math.min(SIZE, (n + 1) * PART)])) chunks.push(c);
      const { ETag } = await client.send(
        new sdk.UploadPartCommand({ ...key, UploadId, PartNumber: n + 1, Body: Buffer.concat(chunks) }),
      );
      parts[n] = { ETag, PartNumber: n + 1 };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await client.send(
    new sdk.CompleteMultipartUploadCommand({ ...key, UploadId, MultipartUpload: { Parts: parts } }),
  );
  const ms = performance.now() - started;
  await client.send(new sdk.DeleteObjectCommand(key));
  client.destroy();
  return ms;
}

function s3Config(s3) {
  return {
    region: 'us-east-1',
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Bytes of finished parts of unfinished multipart uploads in the local S3 server's folder. */
function s3PartBytes(dir) {
  const root = join(dir, 'studio', '._S3rver_uploads');
  let total = 0;
  try {
    for (const upload of readdirSync(root)) {
      for (const name of readdirSync(join(root, upload))) {
        if (name.endsWith('.md5')) total += statSync(join(root, upload, name.slice(0, -4))).size;
      }
    }
  } catch {
    // not there yet, or finished meanwhile
  }
  return total;
}

async function stored(driver, ctx, id) {
  if (driver === 'local') return createReadStream(join(ctx.storageDir, id));
  const { S3Client, GetObjectCommand } = backendRequire('@aws-sdk/client-s3');
  const client = new S3Client(s3Config(ctx.s3));
  const { Body } = await client.send(new GetObjectCommand({ Bucket: 'studio', Key: id }));
  return Body;
}

async function bench(driver) {
  const db = `studio_bench_uploads_${driver}_${Date.now().toString(36)}`;
  const ctx = { storageDir: mkdtempSync(join(tmpdir(), 'studio-bench-projects-')) };
  await admin.query(`CREATE DATABASE "${db}"`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${db}`;
  const port = await freePort(3300);
  const base = `http://127.0.0.1:${port}`;
  if (driver === 's3') ctx.s3 = await startFakeS3Process(ctx.storageDir);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX: db,
    ...(ctx.s3 ? ctx.s3.env : { STORAGE_URL: pathToFileURL(ctx.storageDir).href }),
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
    const patch = (location, offset, end, sent) =>
      request(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': offset,
          'content-type': 'application/offset+octet-stream',
          'content-length': end - offset,
        },
        body: byteAt([offset, end], sent),
      });

    log(`[${driver}] Uploading ${mb(SIZE)} MB: bare node:http reference first (warm-up, then twice)...`);
    // Warm: one untimed pass (JIT, disk, page cache), then two timed ones; the faster counts, so
    // the reference is never a cold, slow figure the app could beat.
    await reference(ctx.storageDir);
    const refRuns = [await reference(ctx.storageDir), await reference(ctx.storageDir)];
    const refMs = Math.min(...refRuns);
    let storeRefMs = null;
    if (ctx.s3) {
      log(`[${driver}] ...the same bytes straight to the S3 server (SDK multipart upload)...`);
      storeRefMs = await s3Reference(ctx.s3);
    }

    log(`[${driver}] ...then the app (tus PATCH into project storage)`);
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

    log(`[${driver}] Kill and resume: SIGKILL at 50%, restart, HEAD, send the rest`);
    const second = await create('resume.wav');
    const half = Math.floor(SIZE / 2);
    const sent = { bytes: 0 };
    const aborted = patch(second, 0, SIZE, sent).catch((err) => ({ error: err.message }));
    const id = second.split('/').pop();
    await waitFor(
      async () => {
        if (driver === 's3') return sent.bytes >= half && s3PartBytes(ctx.storageDir) >= half;
        try {
          return statSync(join(ctx.storageDir, id)).size >= half;
        } catch {
          return false;
        }
      },
      { timeoutMs: 120000, intervalMs: 20, what: 'half the upload sent' },
    );
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    await aborted;
    await startServer();
    const head = await request(second, { method: 'HEAD', headers: tus });
    const offset = Number(head.headers['upload-offset']);
    const rest = await patch(second, offset, SIZE);
    if (rest.status !== 204) throw new Error(`resume answered ${rest.status} ${rest.text}`);
    const [expected, storedSha] = await Promise.all([
      Promise.resolve(sourceSha()),
      stored(driver, ctx, id).then(streamSha),
    ]);

    console.log(
      `\nUpload of ${mb(SIZE)} MB over loopback, ${driver === 's3' ? 'S3 storage (local s3rver)' : 'local disk storage'}`,
    );
    console.log(
      `  bare node:http to disk   ${rate(SIZE, refMs).padStart(6)} MB/s  (${(refMs / 1000).toFixed(1)} s; warm, faster of ${refRuns.map((ms) => `${rate(SIZE, ms)}`).join(' and ')} MB/s)`,
    );
    if (storeRefMs !== null)
      console.log(
        `  SDK straight to S3       ${rate(SIZE, storeRefMs).padStart(6)} MB/s  (${(storeRefMs / 1000).toFixed(1)} s, ${((refMs / storeRefMs) * 100).toFixed(0)}% of bare)`,
      );
    console.log(
      `  app, tus PATCH           ${rate(SIZE, appMs).padStart(6)} MB/s  (${(appMs / 1000).toFixed(1)} s, ${((refMs / appMs) * 100).toFixed(0)}% of bare${storeRefMs !== null ? `, ${((storeRefMs / appMs) * 100).toFixed(0)}% of SDK straight to S3` : ''}; goal >= 100 MB/s)`,
    );
    console.log(
      `  server RSS               ${rss0?.toFixed(0)} MB before, ${rssMax.toFixed(0)} MB at most during the upload (+${(rssMax - rss0).toFixed(0)} MB for ${mb(SIZE)} MB sent)`,
    );
    console.log(
      `  kill at 50% and resume   stored offset after restart ${mb(offset)} MB of ${mb(SIZE)} MB; SHA-256 ${storedSha === expected ? 'equal' : 'DIFFERENT'} (${storedSha.slice(0, 16)}…)`,
    );
    if (storedSha !== expected) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    ctx.s3?.child.kill('SIGTERM');
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    rmSync(ctx.storageDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
await admin.connect();
try {
  for (const driver of drivers) await bench(driver);
} finally {
  await admin.end();
}
