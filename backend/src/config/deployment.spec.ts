/**
 * The deployment files, checked as files (there is no container engine in CI): what compose
 * requires and passes through, and what the image contains and runs as.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './app-config';

const read = (name: string) => readFileSync(join(REPO_ROOT, name), 'utf8');

interface ComposeService {
  environment?: Record<string, string | number>;
  ports?: string[];
  profiles?: string[];
  restart?: string;
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> };
  const app = compose.services.app;
  const env = app.environment ?? {};

  it('refuses to start without a JWT secret and an admin password (no fallback values)', () => {
    expect(String(env.JWT_SECRET)).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
    expect(String(env.SEED_ADMIN_PASSWORD)).toMatch(/^\$\{SEED_ADMIN_PASSWORD:\?.+\}$/);
    expect(read('docker-compose.yml')).not.toMatch(/change-me/i);
  });

  it('refuses to start without a PostgreSQL password, and the app signs in with the same one', () => {
    const required = /^\$\{POSTGRES_PASSWORD:\?.+\}$/;
    expect(String(compose.services.postgres.environment?.POSTGRES_PASSWORD)).toMatch(required);
    const url = /^postgres:\/\/studio:(\$\{POSTGRES_PASSWORD[^}]*\})@postgres:5432\/studio$/.exec(
      String(env.DATABASE_URL),
    );
    expect(url?.[1]).toMatch(required);
    expect(read('docker-compose.yml')).not.toMatch(/POSTGRES_PASSWORD:-/);
  });

  it('publishes no console without a login beyond this machine (Mailpit, MinIO)', () => {
    // Mailpit's inbox shows every sign-in, reset and invitation link; MinIO's console is the bucket.
    expect(compose.services.mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
    expect(compose.services.minio.ports).toEqual(['127.0.0.1:9001:9001']);
    // Only the app answers on every interface; anything else is loopback or unpublished.
    for (const [name, service] of Object.entries(compose.services)) {
      for (const port of service.ports ?? []) {
        if (name !== 'app') expect([name, port]).toEqual([name, expect.stringMatching(/^127\.0\.0\.1:/)]);
      }
    }
  });

  it('passes the real SMTP server and the proxy setting through', () => {
    expect(String(env.SMTP_URL)).toMatch(/^\$\{SMTP_URL:-/);
    expect(String(env.TRUST_PROXY)).toMatch(/^\$\{TRUST_PROXY/);
    expect(env.NODE_ENV).toBe('production');
  });

  it('restarts, health-checks and stops the app gracefully', () => {
    for (const [name, service] of Object.entries(compose.services))
      // One-shot setup jobs retry until they succeed, then stay stopped.
      expect(service.restart).toBe(name.endsWith('-setup') ? 'on-failure' : 'unless-stopped');
    expect(app.healthcheck?.test.join(' ')).toContain('/api/health/ready');
    expect(parseInt(String(app.stop_grace_period), 10)).toBeGreaterThanOrEqual(30);
  });

  it('keeps project files on a volume by default, and offers MinIO (profile s3) for S3 storage', () => {
    expect(String(env.STORAGE_URL)).toBe('${STORAGE_URL:-file:///data/project-files}');
    expect(String(env.S3_SECRET_ACCESS_KEY)).toMatch(/^\$\{S3_SECRET_ACCESS_KEY/);
    expect(compose.services.minio.profiles).toEqual(['s3']);
    expect(compose.services['minio-setup'].profiles).toEqual(['s3']);
    // Enabling the profile must not be needed to start the app.
    expect(JSON.stringify((app as { depends_on?: unknown }).depends_on)).not.toMatch(/minio/);
  });
});

describe('Dockerfile and .dockerignore', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds in one stage and runs a slim one with production dependencies as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^COPY \. /m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/ready/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    // The backend's own node_modules holds the versions npm could not hoist (fastify 5, OpenTelemetry).
    expect(runtime).toMatch(/^COPY --from=build .*\/app\/backend\/node_modules \.\/backend\/node_modules$/m);
  });

  it('keeps .env files out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toContain('.env');
    expect(ignored).toContain('.env.*');
  });
});
