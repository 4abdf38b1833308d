// The staff side of `npm run bench -- uploads` (issue 22): run by uploads.mjs on the same server
// once the client side is done, so the project then holds the client's two uploads.
//   1. the project's files as one streamed ZIP (GET /api/admin/projects/:id/files.zip), against a
//      bare node:http server streaming the same stored files from the same disk one after another
//      (local disk only), with the server's resident memory sampled every 100 ms;
//   2. a version sent by staff as one tus upload (admin bearer token, metadata target=version),
//      against the bare node:http upload reference the client side measured, memory sampled.
//      It comes second: its preview job (ffmpeg) starts once it is stored.
// Reports numbers only.
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';

/** Downloads a URL, counting its bytes (nothing is kept). */
async function download(url, headers = {}) {
  const res = await fetch(url, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { status: res.status, bytes };
}

/** Samples a process's resident memory (MB) while `work` runs. */
async function sampled(rssMb, pid, work) {
  const samples = [];
  const before = rssMb(pid);
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      before,
      max: Math.max(before, ...samples.filter((v) => v !== null)),
    };
  } finally {
    clearInterval(timer);
  }
}

/** A bare node:http server answering with the given files one after another. */
async function bareDownload(files, port) {
  const server = http.createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    for (const file of files)
      await new Promise((resolve, reject) =>
        createReadStream(file).on('error', reject).on('end', resolve).pipe(res, { end: false }),
      );
    res.end();
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  try {
    const started = performance.now();
    const got = await download(`http://127.0.0.1:${port}/`);
    return { ms: performance.now() - started, bytes: got.bytes };
  } finally {
    server.close();
  }
}

export async function staffSide({
  driver,
  base,
  server,
  projectId,
  size,
  refMs,
  ctx,
  request,
  byteAt,
  rssMb,
  freePort,
  log,
}) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
  });
  const { authToken: token } = await login.json();
  if (!token) throw new Error(`staff login: ${login.status}`);
  const auth = { authorization: `Bearer ${token}` };
  const meta = [
    ['projectId', projectId],
    ['filename', 'Master v1.wav'],
    ['target', 'version'],
    ['kind', 'master'],
  ]
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

  log(`[${driver}] Staff: the project's files as one ZIP, and the bare reference...`);
  const zip = await sampled(rssMb, server.pid, () =>
    download(`${base}/api/admin/projects/${projectId}/files.zip`, auth).catch((err) => {
      throw new Error(`the app's ZIP download: ${err.message}`);
    }),
  );
  if (zip.result.status !== 200) throw new Error(`ZIP answered ${zip.result.status}`);
  let bare = null;
  if (driver === 'local') {
    const detail = await (await fetch(`${base}/api/admin/projects/${projectId}`, { headers: auth })).json();
    const ids = detail.project.files.map((f) => join(ctx.storageDir, f.id));
    const port = await freePort(3360);
    // Twice, keeping the faster, as for the upload reference.
    const a = await bareDownload(ids, port).catch((err) => {
      throw new Error(`the bare download: ${err.message}`);
    });
    const b = await bareDownload(ids, port);
    bare = a.ms < b.ms ? a : b;
    if (bare.bytes !== ids.reduce((n, f) => n + statSync(f).size, 0)) throw new Error('bare download short');
  }

  log(`[${driver}] Staff: a version by tus...`);
  const created = await request(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': size, 'upload-metadata': meta },
  });
  if (created.status !== 201) throw new Error(`staff create: ${created.status} ${created.text}`);
  const version = await sampled(rssMb, server.pid, () =>
    request(base + created.headers.location, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': size,
      },
      body: byteAt([0, size]),
    }),
  );
  if (version.result.status !== 204)
    throw new Error(`staff upload: ${version.result.status} ${version.result.text}`);

  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
  const rate = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);
  console.log(`\nStaff side, ${driver === 's3' ? 'S3 storage (local s3rver)' : 'local disk storage'}`);
  console.log(
    `  staff version, tus PATCH ${rate(size, version.ms).padStart(6)} MB/s  (${(version.ms / 1000).toFixed(1)} s, ${((refMs / version.ms) * 100).toFixed(0)}% of bare node:http upload; RSS ${version.before?.toFixed(0)} → at most ${version.max.toFixed(0)} MB)`,
  );
  console.log(
    `  project ZIP download     ${rate(zip.result.bytes, zip.ms).padStart(6)} MB/s  (${mb(zip.result.bytes)} MB in ${(zip.ms / 1000).toFixed(1)} s${bare ? `, ${((bare.ms / zip.ms) * 100).toFixed(0)}% of bare node:http reading the same files (${rate(bare.bytes, bare.ms)} MB/s)` : ''}; RSS ${zip.before?.toFixed(0)} → at most ${zip.max.toFixed(0)} MB)`,
  );
}
