// Types of server.mjs for the backend's TypeScript HTTP tests.
export declare const FAKE_S3_CREDENTIALS: { accessKeyId: string; secretAccessKey: string };

export interface FakeS3Options {
  port?: number;
  /** Buckets created at start (default: ['studio']). */
  buckets?: string[];
  /** Where s3rver keeps its files (default: a temporary folder removed on close). */
  dir?: string;
}

export interface FakeS3 {
  url: string;
  directory: string;
  buckets: string[];
  storageUrl(bucket?: string): string;
  env(bucket?: string): { STORAGE_URL: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  keys(bucket?: string): Promise<string[]>;
  close(): Promise<void>;
}

export declare function startFakeS3(options?: FakeS3Options): Promise<FakeS3>;
