/**
 * The one local S3-compatible server of the test suites and the upload benchmark: `s3rver`
 * (a filesystem-backed fake S3 from npm: signature checks, buckets, objects, ranges, multipart
 * create/upload-part/complete) plus the two multipart calls it lacks and @tus/s3-store needs:
 *
 *   GET    /<bucket>/<key>?uploadId=…   ListParts (the stored offset of a resumed upload)
 *   DELETE /<bucket>/<key>?uploadId=…   AbortMultipartUpload (a removed unfinished upload)
 *
 * Both read s3rver's own upload folder (`<dir>/<bucket>/._S3rver_uploads/<uploadId>/<n>` with
 * `<n>.md5`). A part is listed only once its `.md5` is written, i.e. once s3rver has stored all
 * of it, as S3 lists only finished parts. Everything is streamed to and from disk.
 *
 * Path-style addressing only (the app sets forcePathStyle for endpoints like this one). Answers
 * on 127.0.0.1; credentials are s3rver's fixed pair (S3RVER / S3RVER).
 *
 * Types for TypeScript callers: server.d.mts.
 */
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const FAKE_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const xmlEscape = (s) =>
  String(s).replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

function sendXml(res, status, body) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

function noSuchUpload(res, uploadId) {
  sendXml(
    res,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
  );
}

/**
 * Starts the server. `buckets` are created up front; `dir` (default: a new temporary folder,
 * removed on close) is where s3rver keeps everything.
 */
export async function startFakeS3({ port = 0, buckets = ['studio'], dir } = {}) {
  const directory = dir ?? mkdtempSync(join(tmpdir(), 'studio-fake-s3-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await s3rver.configureBuckets();
  const koa = s3rver.callback();

  const uploadDir = (bucket, uploadId) =>
    join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  async function listParts(res, bucket, key, uploadId, query) {
    const folder = uploadDir(bucket, uploadId);
    let names;
    try {
      names = await fs.readdir(folder);
    } catch {
      return noSuchUpload(res, uploadId);
    }
    const marker = Number(query.get('part-number-marker') ?? 0);
    const max = Math.min(Number(query.get('max-parts') ?? 1000), 1000);
    const numbers = names
      .filter((n) => /^\d+\.md5$/.test(n))
      .map((n) => Number(n.slice(0, -4)))
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, max);
    const parts = await Promise.all(
      page.map(async (n) => {
        const [stat, md5] = await Promise.all([
          fs.stat(join(folder, String(n))),
          fs.readFile(join(folder, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    const truncated = numbers.length > page.length;
    sendXml(
      res,
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  async function abort(res, bucket, uploadId) {
    const folder = uploadDir(bucket, uploadId);
    try {
      await fs.access(folder);
    } catch {
      return noSuchUpload(res, uploadId);
    }
    await fs.rm(folder, { recursive: true, force: true });
    res.writeHead(204).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://fake-s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const handled =
      uploadId && /^[A-Za-z0-9_-]+$/.test(uploadId) && bucket && key
        ? req.method === 'GET'
          ? listParts(res, bucket, key, uploadId, url.searchParams)
          : req.method === 'DELETE'
            ? abort(res, bucket, uploadId)
            : null
        : null;
    if (!handled) return koa(req, res);
    handled.catch((err) => {
      if (!res.headersSent)
        sendXml(
          res,
          500,
          `<Error><Code>InternalError</Code><Message>${xmlEscape(err.message)}</Message></Error>`,
        );
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    url,
    directory,
    buckets,
    /** STORAGE_URL for the app: this server, the first bucket, path-style, its credentials. */
    storageUrl(bucket = buckets[0]) {
      const u = new URL(`s3://${bucket}`);
      u.searchParams.set('endpoint', url);
      u.searchParams.set('region', 'us-east-1');
      u.searchParams.set('forcePathStyle', 'true');
      return u.href;
    },
    /** Environment for the app: STORAGE_URL plus the credentials. */
    env(bucket = buckets[0]) {
      return {
        STORAGE_URL: this.storageUrl(bucket),
        S3_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
      };
    },
    /** Every object key stored in a bucket (s3rver's own listing, through its store). */
    async keys(bucket = buckets[0]) {
      const { objects } = await s3rver.store.listObjects(bucket, { maxKeys: 100000 });
      return objects.map((o) => o.key);
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
      s3rver.logger?.exceptions?.unhandle?.();
      s3rver.logger?.close?.();
      if (!dir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
