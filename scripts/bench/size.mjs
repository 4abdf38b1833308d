// Measures the JavaScript a browser downloads for / and for /admin (gzip bytes on the wire),
// by loading each page in headless Chromium against a running server (default: an app started
// here on the production build with the e2e harness's settings, or BENCH_URL if given).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM, ROOT } from '../lib.mjs';
import { withAppServer } from './lib/app-server.mjs';

const require = createRequire(join(ROOT, 'e2e', 'package.json'));
const { chromium } = require('playwright-core');

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

await withAppServer(async (url) => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
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
