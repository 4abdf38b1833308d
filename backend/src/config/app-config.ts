/**
 * The one place that reads process.env. Every variable of ARCHITECTURE.md §3 is parsed and
 * checked here; a bad value stops the boot with a single line naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { UPLOAD_DEFAULTS } from '@studio/shared';

/** Repository root: backend/{src,dist}/config -> three levels up. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const DATA_DIR = join(REPO_ROOT, '.data');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`,
  );

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : v), schema.optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('studio'),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: z.string().min(3).default('Studio <bookings@localhost>'),
  ADMIN_NOTIFY_EMAIL: z
    .string()
    .email()
    .or(z.string().regex(/^[^\s@]+@localhost$/))
    .default('admin@localhost'),
  /** First retry delay of a failed mail; later retries double it. Tests shorten it. */
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
  /**
   * Staff replies to a client's notes are mailed in batches: at most one mail per project in
   * each window of this length (ms), sent as the window closes. Tests shorten it.
   */
  REPLY_MAIL_WINDOW_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** While the SMTP server is unreachable, how often the worker checks whether it is back. */
  MAIL_PROBE_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  /** DKIM signing of every outgoing mail: all three set, or none. The key is PEM (\n allowed). */
  DKIM_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name')),
  DKIM_SELECTOR: optional(z.string().regex(/^[a-z0-9._-]+$/i, 'must be a DNS label')),
  DKIM_PRIVATE_KEY: optional(z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' })),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SEED_ADMIN_USERNAME: optional(z.string().min(3).max(100)),
  SEED_ADMIN_EMAIL: optional(z.string().email()),
  SEED_ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  /** 1: put sample posts on an empty blog at boot, once per database (npm start sets it). */
  SEED_SAMPLES: z.enum(['0', '1']).default('0'),
  /** argon2id memory per password hash; tests lower it to run quickly. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(65_536),
  STRIPE_SECRET_KEY: optional(z.string().startsWith('sk_', 'must start with sk_')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().startsWith('pk_', 'must start with pk_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', 'must start with whsec_')),
  STRIPE_API_BASE: optional(url(['http:', 'https:'])),
  UPLOAD_DIR: optional(z.string().min(1)),
  STORAGE_URL: optional(url(['file:', 's3:'])),
  /** Credentials for an s3:// STORAGE_URL; unset: the AWS SDK's own chain (AWS_* variables, roles). */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  UPLOAD_MAX_FILE_MB: z.coerce.number().int().min(1).max(1_048_576).default(UPLOAD_DEFAULTS.maxFileMb),
  UPLOAD_MAX_PROJECT_MB: z.coerce.number().int().min(1).max(10_485_760).default(UPLOAD_DEFAULTS.maxProjectMb),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  SITE_NAME: z.string().min(1).max(100).default('Mixdown Studio'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front of the app: a hop count ("1": one load balancer) or a comma-separated
   * list of addresses/CIDRs. Unset: direct, X-Forwarded-For is ignored.
   */
  TRUST_PROXY: optional(
    z
      .string()
      .regex(
        /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/,
        'must be a hop count or a comma-separated list of addresses',
      ),
  ),
  /** Bearer token for GET /metrics on the app port; unset: /metrics answers 404 there. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  /** A second port serving only /metrics, without a token (bind it to a private interface). */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** An OTLP/HTTP collector (Jaeger, Tempo, an OpenTelemetry Collector); unset: no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(url(['http:', 'https:'])),
  /** Overrides the service name traces are filed under (default: by ROLE). */
  OTEL_SERVICE_NAME: optional(z.string().min(1).max(100)),
  /** Where the built front end lives; tests point it elsewhere. */
  WEB_DIST_DIR: optional(z.string().min(1)),
});

/** What traces are filed under in Jaeger or Tempo, by ROLE. */
const SERVICE_NAMES = { all: 'studio', api: 'studio-api', worker: 'studio-worker' } as const;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  redis: { url: string; prefix: string };
  mail: {
    smtpUrl: string;
    from: string;
    adminNotifyEmail: string;
    retryDelayMs: number;
    probeMs: number;
    /** One mail about staff replies per project per window of this many ms. */
    replyWindowMs: number;
    /** Set when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are. */
    dkim?: { domainName: string; keySelector: string; privateKey: string };
  };
  jwtSecret: string;
  seedAdmin: { username?: string; email?: string; password?: string };
  /** Sample posts on an empty blog at boot (SEED_SAMPLES=1; blog/samples/blog-samples.service.ts). */
  seedSamples: boolean;
  passwordHashMemoryKib: number;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  uploadDir: string;
  /** Client project files (never under uploadDir, which is served publicly). */
  storage: {
    url: string;
    /** Where the bytes go: local disk, or an S3-compatible object store. */
    driver: StorageDriverConfig;
    maxFileBytes: number;
    maxProjectBytes: number;
    maxFileMb: number;
    maxProjectMb: number;
  };
  ffmpegPath: string;
  role: 'all' | 'api' | 'worker';
  siteName: string;
  logLevel: string;
  webRoot: string;
  /** Fastify's trustProxy: false (direct), a hop count, or the trusted addresses. */
  trustProxy: false | number | string[];
  /** Prometheus metrics: token for /metrics on the app port, and an optional private port. */
  metrics: { token?: string; port?: number; host: string };
  /** OpenTelemetry traces: on when an OTLP endpoint is set (telemetry/tracing.ts). */
  tracing: { endpoint?: string; serviceName: string };
}

export class ConfigError extends Error {}

export type StorageDriverConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS itself. */
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/**
 * STORAGE_URL, read: `file:///abs/dir`, or
 * `s3://bucket?region=…&endpoint=http://minio:9000&forcePathStyle=true` (path-style is the
 * default when an endpoint is named, as MinIO and most S3-compatible stores expect).
 */
export function parseStorageUrl(
  raw: string,
  credentials: { accessKeyId?: string; secretAccessKey?: string } = {},
): StorageDriverConfig {
  const bad = (why: string) => new ConfigError(`Invalid configuration: STORAGE_URL ${why}`);
  const u = new URL(raw);
  if (u.protocol === 'file:') return { kind: 'local', dir: fileURLToPath(u) };
  if (u.username || u.password)
    throw bad('must not carry credentials; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const bucket = u.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw bad('must name a bucket: s3://bucket');
  if (u.pathname && u.pathname !== '/') throw bad('takes a bucket only (s3://bucket), no path');
  const known = new Set(['region', 'endpoint', 'forcePathStyle']);
  for (const key of u.searchParams.keys())
    if (!known.has(key)) throw bad(`has an unknown parameter "${key}" (region, endpoint, forcePathStyle)`);
  const endpoint = u.searchParams.get('endpoint') || undefined;
  if (endpoint) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(endpoint).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw bad('endpoint must be an http:// or https:// URL');
  }
  const style = u.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false')
    throw bad('forcePathStyle must be true or false');
  const { accessKeyId, secretAccessKey } = credentials;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  return {
    kind: 's3',
    bucket,
    region: u.searchParams.get('region') || 'us-east-1',
    endpoint,
    forcePathStyle: style === null ? Boolean(endpoint) : style === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** A development JWT secret that survives restarts without anyone having to set one. */
function localJwtSecret(): string {
  const file = join(DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Values copied from examples, docs or the old compose file's fallbacks: anyone can read them,
 * so a production boot with one of them would run with a known key or admin password.
 */
const PLACEHOLDER_SECRETS = [
  /change[-_ ]?me/i,
  /placeholder/i,
  /^(secret|password|admin|admin123|password123|test|example|changeit|default|letmein|qwerty)[-_0-9]*$/i,
  /^(.)\1+$/,
  /your[-_ ]?(jwt[-_ ]?)?secret/i,
];

export function isPlaceholderSecret(value: string | undefined): boolean {
  return value !== undefined && PLACEHOLDER_SECRETS.some((p) => p.test(value.trim()));
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(',').map((a) => a.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const reason =
      issue.code === 'invalid_type' && issue.received === 'undefined' ? 'is required' : issue.message;
    throw new ConfigError(`Invalid configuration: ${name} ${reason}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET)
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  if (isProduction) {
    for (const name of ['JWT_SECRET', 'SEED_ADMIN_PASSWORD'] as const) {
      if (isPlaceholderSecret(e[name]))
        throw new ConfigError(
          `Invalid configuration: ${name} is a placeholder or published value; set a secret of your own when NODE_ENV=production`,
        );
    }
  }
  const dkimVars = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY];
  if (dkimVars.some(Boolean) && !dkimVars.every(Boolean))
    throw new ConfigError(
      'Invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together',
    );
  const storageUrl = e.STORAGE_URL ?? pathToFileURL(join(DATA_DIR, 'project-files')).href;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    mail: {
      smtpUrl: e.SMTP_URL ?? 'smtp://127.0.0.1:1025',
      from: e.MAIL_FROM,
      adminNotifyEmail: e.ADMIN_NOTIFY_EMAIL,
      retryDelayMs: e.MAIL_RETRY_DELAY_MS,
      replyWindowMs: e.REPLY_MAIL_WINDOW_MS,
      probeMs: e.MAIL_PROBE_MS,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
          ? {
              domainName: e.DKIM_DOMAIN.toLowerCase(),
              keySelector: e.DKIM_SELECTOR,
              // Env files often hold a PEM on one line with literal \n.
              privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
            }
          : undefined,
    },
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(),
    seedAdmin: {
      username: e.SEED_ADMIN_USERNAME,
      email: e.SEED_ADMIN_EMAIL,
      password: e.SEED_ADMIN_PASSWORD,
    },
    seedSamples: e.SEED_SAMPLES === '1',
    passwordHashMemoryKib: e.PASSWORD_HASH_MEMORY_KIB,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    uploadDir: resolve(REPO_ROOT, e.UPLOAD_DIR ?? join('.data', 'uploads')),
    storage: {
      url: storageUrl,
      driver: parseStorageUrl(storageUrl, {
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      }),
      maxFileMb: e.UPLOAD_MAX_FILE_MB,
      maxProjectMb: e.UPLOAD_MAX_PROJECT_MB,
      maxFileBytes: e.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      maxProjectBytes: e.UPLOAD_MAX_PROJECT_MB * 1024 * 1024,
    },
    ffmpegPath: e.FFMPEG_PATH,
    role: e.ROLE,
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    webRoot: resolve(REPO_ROOT, e.WEB_DIST_DIR ?? '.'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: {
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''),
      serviceName: e.OTEL_SERVICE_NAME ?? SERVICE_NAMES[e.ROLE],
    },
  };
}

/**
 * Where uploads live, for one-off commands that need nothing else (npm run images:convert):
 * the same UPLOAD_DIR rule as loadConfig, without requiring the rest of the environment.
 */
export function loadUploadDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(REPO_ROOT, env.UPLOAD_DIR || join('.data', 'uploads'));
}
