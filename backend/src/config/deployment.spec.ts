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

  it('passes the real SMTP server and the proxy setting through', () => {
    expect(String(env.SMTP_URL)).toMatch(/^\$\{SMTP_URL:-/);
    expect(String(env.TRUST_PROXY)).toMatch(/^\$\{TRUST_PROXY/);
    expect(env.NODE_ENV).toBe('production');
  });

  it('restarts, health-checks and stops the app gracefully', () => {
    for (const service of Object.values(compose.services)) expect(service.restart).toBe('unless-stopped');
    expect(app.healthcheck?.test.join(' ')).toContain('/api/health');
    expect(parseInt(String(app.stop_grace_period), 10)).toBeGreaterThanOrEqual(30);
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
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
  });

  it('keeps .env files out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toContain('.env');
    expect(ignored).toContain('.env.*');
  });
});
