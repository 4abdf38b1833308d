/**
 * The local S3-compatible server the HTTP tests point the app at (STORAGE_URL=s3://…): s3rver
 * plus the multipart calls @tus/s3-store needs. One implementation serves these tests and the
 * upload benchmark: e2e/fake-s3/server.mjs (see its header).
 */
export { FAKE_S3_CREDENTIALS, startFakeS3 } from '../../../e2e/fake-s3/server.mjs';
export type { FakeS3, FakeS3Options } from '../../../e2e/fake-s3/server.mjs';
