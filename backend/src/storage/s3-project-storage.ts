import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ClientConfig,
} from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import type { StorageDriverConfig } from '../config/app-config';
import { ProjectStorage, STORAGE_KEY } from './project-storage';

type S3Config = Extract<StorageDriverConfig, { kind: 's3' }>;

/** tus's S3 store, letting us drop what it caches about an upload we removed ourselves. */
class TusS3Store extends S3Store {
  forget(id: string): Promise<void> {
    return this.clearCache(id);
  }
}

/** Errors that mean "nothing there" from S3 and the S3-compatible stores we know. */
const GONE = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload']);
const isGone = (err: unknown) => {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return GONE.has(e.name ?? '') || GONE.has(e.Code ?? '') || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …), so several app instances share them.
 * Uploads go through @tus/s3-store: one multipart upload per file, each PATCH cut into parts that
 * are spooled to a temporary file and sent (never held in memory), `<id>.info` with the upload's
 * state and `<id>.part` for a tail shorter than S3's minimum part. The stored offset after a crash
 * is what S3 lists (ListParts) plus that tail. Reads are ranged GETs streamed to the caller.
 */
export class S3ProjectStorage implements ProjectStorage {
  readonly tusStore: TusS3Store;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    const clientConfig: S3ClientConfig = {
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's newer
      // default (aws-chunked bodies with trailing CRC32), and TLS plus MD5 ETags already cover
      // integrity; the probe job's SHA-256 checks the whole file end to end.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.bucket = config.bucket;
    this.client = new S3Client(clientConfig);
    this.tusStore = new TusS3Store({
      s3ClientConfig: { ...clientConfig, bucket: config.bucket },
      // A handful of parts in flight per upload is plenty over one link; each waits on disk.
      maxConcurrentPartUploads: 8,
    });
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    this.check(key);
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => abort.abort());
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: abort.signal },
      )
      .then(
        ({ Body }) => {
          if (out.destroyed) return (Body as Readable | undefined)?.destroy();
          pipeline(Body as Readable, out, () => undefined);
        },
        (err: Error) => out.destroy(err),
      );
    return out;
  }

  localPath(): null {
    return null;
  }

  /**
   * Stores a whole file: spooled to a temporary file first (S3 needs the length up front, and
   * nothing is held in memory), then one PUT.
   */
  async write(key: string, source: Readable): Promise<number> {
    this.check(key);
    const dir = await mkdtemp(join(tmpdir(), 'studio-s3-put-'));
    try {
      const spool = join(dir, 'body');
      await pipelineAsync(source, createWriteStream(spool));
      const { size } = await stat(spool);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(spool),
          ContentLength: size,
        }),
      );
      return size;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async size(key: string): Promise<number | null> {
    this.check(key);
    return this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })).then(
      (head) => head.ContentLength ?? null,
      (err) => {
        if (isGone(err)) return null;
        throw err;
      },
    );
  }

  /** Deletes the object, its tus state (`.info`, `.part`) and an unfinished multipart upload. */
  async remove(key: string): Promise<void> {
    this.check(key);
    const uploadId = await this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: `${key}.info` }))
      .then(
        (head) => head.Metadata?.['upload-id'],
        (err) => {
          if (isGone(err)) return undefined;
          throw err;
        },
      );
    if (uploadId) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
        .catch((err) => {
          // A finished upload has no multipart upload left to abort.
          if (!isGone(err)) throw err;
        });
    }
    const res = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }], Quiet: true },
      }),
    );
    const failed = (res.Errors ?? []).filter((e) => !GONE.has(e.Code ?? ''));
    if (failed.length) throw new Error(`Could not delete ${key}: ${failed[0].Code} ${failed[0].Message}`);
    await this.tusStore.forget(key);
  }

  private check(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return key;
  }
}
