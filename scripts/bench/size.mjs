// Measures the JavaScript a browser downloads for / and for /admin (gzip bytes on the wire),
// by loading each page in headless Chromium against a running server (default: an app started
// here on the production build with the e2e harness's settings, or BENCH_URL if given).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, ensureBuilt, freePort, httpOk, waitFor } from '../lib.mjs';

const require = createRequire(join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

async function withServer(fn) {
  if (process.env.BENCH_URL) return fn(process.env.BENCH_URL);
  ensureBuilt();
  const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
  const db = `studio_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${db}"`);
  const port = await freePort(3200);
  const server = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
      REDIS_PREFIX: db,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      SEED_ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), { timeoutMs: 60000, what: 'the app' });
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await admin.end();
  }
}

async function measure(browser, url, path) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const sizes = await res
      .request()
      .sizes()
      .catch(() => null);
    scripts.set(res.url(), sizes ? sizes.responseBodySize : 0);
  });
  await page.goto(url + path, { waitUntil: 'networkidle' });
  await context.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { total, files: [...scripts.entries()].map(([u, s]) => [new URL(u).pathname, s]) };
}

await withServer(async (url) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const path of ['/', '/contact', '/blog', '/admin']) {
      const { total, files } = await measure(browser, url, path);
      console.log(
        `\n${path}: ${(total / 1024).toFixed(1)} KB of JavaScript transferred (gzip) in ${files.length} files`,
      );
      for (const [f, s] of files.sort((a, b) => b[1] - a[1]))
        console.log(`  ${(s / 1024).toFixed(1).padStart(7)} KB  ${f}`);
    }
  } finally {
    await browser.close();
  }
});
