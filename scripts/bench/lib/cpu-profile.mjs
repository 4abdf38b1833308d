// Reads a V8 .cpuprofile (what `node --cpu-prof` writes on exit) and returns the functions that
// used the most CPU by themselves (self time), as shares of all samples. Lives in lib/ so
// `npm run bench` does not list it as a benchmark.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * The `limit` heaviest frames, merged by function and place: `{ name, where, share }`, share in
 * percent of the samples in which the process was not idle (GC and the VM's own work included).
 */
export function topFrames(file, { limit = 15, root = process.cwd() } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const merged = new Map();
  let total = 0;
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') continue;
    total += count;
    const place = url ? `${shorten(url, root)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${place}`;
    const entry = merged.get(key) ?? { name: functionName || '(anonymous)', where: place, samples: 0 };
    entry.samples += count;
    merged.set(key, entry);
  }
  return [...merged.values()]
    .sort((a, b) => b.samples - a.samples)
    .slice(0, limit)
    .map((e) => ({ name: e.name, where: e.where, share: (100 * e.samples) / (total || 1) }));
}

/** Paths inside node_modules as `package/file`, the app's own relative to the repository. */
function shorten(url, root) {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm !== -1) return path.slice(nm + 'node_modules/'.length);
  return path.startsWith('/') ? relative(root, path) : path;
}

/** Prints where a benchmark's profile was kept and its heaviest frames (see topFrames). */
export function printTopFrames(file, { root = process.cwd() } = {}) {
  console.log(`\nProfile kept in ${file} (boot included; open it in Chrome DevTools or VS Code).`);
  console.log('\nTop frames by self time (share of non-idle samples):\n');
  for (const f of topFrames(file, { root }))
    console.log(`  ${f.share.toFixed(1).padStart(5)}%  ${f.name.padEnd(36)} ${f.where}`);
}
