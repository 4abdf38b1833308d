// `npm run bench -- site [--runs=N] [--save=DIR] [path ...]`: Lighthouse 12 (mobile preset: emulated phone,
// simulated slow 4G and 4x CPU slowdown) against the production build, in the system Chromium.
// Prints the four category scores and the lab metrics for / and /contact (or the paths given),
// the median run by performance score when --runs > 1, checked against the budget of issue 5,
// and the JavaScript a phone downloads for / (shell + site remote), gzip and as served.
// Reports numbers only: it never fails on a timing (the machine is shared and noisy).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib.mjs';
import { withAppServer } from './lib/app-server.mjs';

const requireFromE2e = createRequire(join(ROOT, 'e2e', 'package.json'));
const { default: lighthouse } = await import(requireFromE2e.resolve('lighthouse'));
const chromeLauncher = await import(requireFromE2e.resolve('chrome-launcher'));

const BUDGET = {
  scores: { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 },
  metrics: {
    'largest-contentful-paint': { max: 2000, unit: 'ms', label: 'LCP' },
    'cumulative-layout-shift': { max: 0.05, unit: '', label: 'CLS' },
    'total-blocking-time': { max: 150, unit: 'ms', label: 'TBT' },
  },
  jsKbGzip: 170,
};
const OTHER_METRICS = {
  'first-contentful-paint': 'FCP',
  'speed-index': 'Speed Index',
  interactive: 'TTI',
};

const args = process.argv.slice(2);
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1));
const saveDir = args.find((a) => a.startsWith('--save='))?.split('=')[1];
const paths = args.filter((a) => a.startsWith('/'));
if (!paths.length) paths.push('/', '/contact');

const mark = (ok) => (ok ? 'ok  ' : 'OVER');

async function audit(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(BUDGET.scores),
  });
  return result.lhr;
}

/** Failed audits of a category, so the report says what to fix. */
function failures(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 0.9)
    .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
}

/** JavaScript the page loaded: bytes as served and re-measured as gzip. */
async function scriptSizes(lhr, baseUrl) {
  const requests = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  const files = [];
  for (const r of requests) {
    let gzip = r.transferSize;
    if (r.url.startsWith(baseUrl)) {
      const res = await fetch(r.url);
      gzip = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    }
    files.push({ path: new URL(r.url).pathname, served: r.transferSize, gzip });
  }
  return files;
}

function report(path, lhr) {
  console.log(
    `\n${path}  (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling)`,
  );
  for (const [id, min] of Object.entries(BUDGET.scores)) {
    const score = Math.round(lhr.categories[id].score * 100);
    const ok = score >= min;
    console.log(
      `  ${mark(ok)} ${lhr.categories[id].title.padEnd(16)} ${String(score).padStart(3)}  (budget >= ${min})`,
    );
    if (!ok) for (const f of failures(lhr, id)) console.log(`         - ${f}`);
  }
  for (const [id, { max, unit, label }] of Object.entries(BUDGET.metrics)) {
    const value = lhr.audits[id].numericValue;
    const shown = unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
    console.log(
      `  ${mark(value <= max)} ${label.padEnd(16)} ${shown.padStart(8)}  (budget <= ${max}${unit && ' ' + unit})`,
    );
  }
  for (const [id, label] of Object.entries(OTHER_METRICS)) {
    console.log(`       ${label.padEnd(16)} ${`${Math.round(lhr.audits[id].numericValue)} ms`.padStart(8)}`);
  }
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpElement) console.log(`       LCP element      ${lcpElement.snippet?.slice(0, 100)}`);
}

await withAppServer(async (baseUrl) => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // One unmeasured visit so the server's first-request work (templates, DB pool) is done.
    await fetch(`${baseUrl}/`).then((r) => r.text());
    let homeLhr = null;
    for (const path of paths) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(chrome, baseUrl + path);
        // A run Lighthouse could not finish (e.g. a timeout on a busy machine) has no scores.
        if (lhr.runtimeError || Object.values(lhr.categories).some((c) => c.score === null)) {
          console.log(
            `\n${path}: run ${i + 1} failed (${lhr.runtimeError?.message ?? 'no score'}), left out`,
          );
        } else results.push(lhr);
      }
      if (!results.length) continue;
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const median = results[Math.floor(results.length / 2)];
      if (results.length > 1) {
        const all = results.map((r) => Math.round(r.categories.performance.score * 100)).join(', ');
        console.log(`\n${path}: ${results.length} runs, performance ${all}; the median run:`);
      }
      report(path, median);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const file = join(saveDir, `lighthouse${path.replace(/\//g, '_') || '_'}.json`);
        writeFileSync(file, JSON.stringify(median));
        console.log(`       saved ${file}`);
      }
      if (path === '/') homeLhr = median;
    }
    if (homeLhr) {
      const files = await scriptSizes(homeLhr, baseUrl);
      const gzip = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      const served = files.reduce((sum, f) => sum + f.served, 0) / 1024;
      console.log(
        `\n/: ${mark(gzip <= BUDGET.jsKbGzip)} ${gzip.toFixed(1)} KB of JavaScript gzip ` +
          `(budget <= ${BUDGET.jsKbGzip} KB); ${served.toFixed(1)} KB as served, ${files.length} files`,
      );
      for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip ${(f.served / 1024).toFixed(1).padStart(7)} KB served  ${f.path}`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
});
