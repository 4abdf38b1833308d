// `npm run bench -- <name>`: runs scripts/bench/<name>.mjs. Benchmarks report numbers; they
// never fail the build on a timing (the machine is shared and noisy).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, ROOT, ensureDebianPackages, ensureInstalled, which } from './lib.mjs';

const chromium = { pkg: 'chromium', present: existsSync(CHROMIUM) };
const ffmpeg = { pkg: 'ffmpeg', present: !!which('ffmpeg') };
/** The Debian packages each benchmark runs, installed first on a fresh machine (as root). */
const NEEDS = {
  blog: [
    { pkg: 'wrk', present: !!which('wrk') },
    { pkg: 'util-linux', present: !!which('taskset') },
  ],
  site: [chromium, ffmpeg],
  size: [chromium],
  uploads: [ffmpeg],
  previews: [ffmpeg],
  chaos: [{ pkg: 'redis-server', present: !!which('redis-server') }],
};

const dir = join(ROOT, 'scripts', 'bench');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.replace(/\.mjs$/, ''));
const [name, ...rest] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  console.log(`Usage: npm run bench -- <name> [args]\nBenchmarks: ${names.join(', ')}`);
  process.exit(name ? 1 : 0);
}
ensureDebianPackages(NEEDS[name] ?? [], `npm run bench -- ${name}`);
// A fresh clone: the npm packages first, as `npm start` would install them.
ensureInstalled();
process.argv = [process.argv[0], join(dir, `${name}.mjs`), ...rest];
await import(join(dir, `${name}.mjs`));
