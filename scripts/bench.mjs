// `npm run bench -- <name>`: runs scripts/bench/<name>.mjs. Benchmarks report numbers; they
// never fail the build on a timing (the machine is shared and noisy).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEBIAN, ROOT, ensureDebianPackages, ensureInstalled } from './lib.mjs';

/** The Debian packages each benchmark runs, installed first on a fresh machine (as root). */
const NEEDS = {
  blog: [DEBIAN.wrk, DEBIAN.taskset],
  site: [DEBIAN.chromium, DEBIAN.ffmpeg],
  size: [DEBIAN.chromium],
  uploads: [DEBIAN.ffmpeg],
  previews: [DEBIAN.ffmpeg],
  chaos: [DEBIAN.redis],
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
