import { ConfigError, isPlaceholderSecret, loadConfig, parseStorageUrl } from './app-config';

const base = {
  DATABASE_URL: 'postgres://u@localhost/db',
  NODE_ENV: 'production',
  JWT_SECRET: 'q8Vd2n5RkT1wXz7pL3mB9cF4hJ6sA0eG',
  SEED_ADMIN_PASSWORD: 'a-long-and-unguessable-passphrase-17',
};

describe('loadConfig in production', () => {
  it('boots with secrets of its own', () => {
    expect(loadConfig(base).isProduction).toBe(true);
  });

  it.each([
    ['JWT_SECRET', 'change-me-to-a-long-random-string-of-48-chars'],
    ['JWT_SECRET', 'x'.repeat(40)],
    ['JWT_SECRET', 'your-jwt-secret-goes-here-please-123456'],
    ['SEED_ADMIN_PASSWORD', 'change-me-please'],
    ['SEED_ADMIN_PASSWORD', 'password123'],
  ])('stops on a placeholder %s (%s) with one line naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} `),
    );
  });

  it('allows the same values in development, where nothing is exposed', () => {
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'development', SEED_ADMIN_PASSWORD: 'change-me-please' }),
    ).not.toThrow();
    expect(isPlaceholderSecret(undefined)).toBe(false);
  });

  it('reads TRUST_PROXY as hops or addresses, and refuses anything else', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone; rm -rf' })).toThrow(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });
});

describe('STORAGE_URL', () => {
  const dev = { DATABASE_URL: 'postgres://u@localhost/db', JWT_SECRET: base.JWT_SECRET };

  it('keeps files on local disk by default and for a file:// URL', () => {
    expect(loadConfig(dev).storage.driver).toMatchObject({ kind: 'local' });
    expect(loadConfig({ ...dev, STORAGE_URL: 'file:///srv/files' }).storage.driver).toEqual({
      kind: 'local',
      dir: '/srv/files',
    });
  });

  it('reads an S3-compatible store: bucket, region, endpoint, path style, credentials', () => {
    const config = loadConfig({
      ...dev,
      STORAGE_URL: 's3://studio-files?endpoint=http://minio:9000&region=eu-west-2',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage.driver).toEqual({
      kind: 's3',
      bucket: 'studio-files',
      region: 'eu-west-2',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // AWS itself: virtual-hosted style, credentials from the SDK's own chain.
    expect(parseStorageUrl('s3://studio-files')).toEqual({
      kind: 's3',
      bucket: 'studio-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseStorageUrl('s3://b1b?endpoint=https://r2.example&forcePathStyle=false')).toMatchObject({
      forcePathStyle: false,
    });
  });

  it.each([
    ['s3://Bad_Bucket', /must name a bucket/],
    ['s3://bucket/prefix', /no path/],
    ['s3://key:secret@bucket', /must not carry credentials/],
    ['s3://bucket?endpoint=minio:9000', /endpoint must be an http/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://bucket?acl=public', /unknown parameter "acl"/],
    ['ftp://bucket', /must be a file:\/\/ or s3:\/\/ URL/],
  ])('stops on %s with one line naming STORAGE_URL', (value, why) => {
    expect(() => loadConfig({ ...dev, STORAGE_URL: value })).toThrow(/^Invalid configuration: STORAGE_URL /);
    expect(() => loadConfig({ ...dev, STORAGE_URL: value })).toThrow(why);
  });

  it('wants both S3 credentials or neither', () => {
    expect(() => loadConfig({ ...dev, STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
  });
});
