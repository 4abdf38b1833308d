// `npm run build -w backend` (this, then ../scripts/copy-assets.mjs for the mail templates, fonts,
// …): compiles src/ to dist/ with swc, file by file.
//
// Guarantees: the emitted JavaScript is what `tsc -p tsconfig.build.json` would run (CommonJS,
// ES2022, class fields with define semantics, legacy decorators with `design:*` metadata, which
// Nest's injection and TypeORM's columns read, source maps beside each file); spec files are left
// out; files of an earlier build that no longer have a source are removed. Types are not checked
// here: `typecheck` (tsc --noEmit) does that, and `npm test` runs it before the build. The OpenAPI
// plugin's output is pre-generated (src/openapi/plugin-metadata.ts), so nothing needs tsc's
// transformers.
import { transformFile } from '@swc/core';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(BACKEND, 'src');
const DIST = join(BACKEND, 'dist');

/** @type {import('@swc/core').Options} */
const options = {
  swcrc: false,
  configFile: false,
  sourceMaps: true,
  module: { type: 'commonjs', strict: true, noInterop: false },
  jsc: {
    parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
    keepClassNames: true,
  },
};

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) sources(file, out);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

const started = Date.now();
const files = sources(SRC);
// A clean output, as `tsc` into an emptied folder would give: no stale module from a deleted source.
rmSync(DIST, { recursive: true, force: true });
let next = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    const target = join(DIST, relative(SRC, file)).replace(/\.ts$/, '.js');
    const mapName = `${target.split('/').pop()}.map`;
    const { code, map } = await transformFile(file, {
      ...options,
      filename: file,
      sourceFileName: relative(dirname(target), file),
      outputPath: target,
    });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${code}\n//# sourceMappingURL=${mapName}\n`);
    if (map) writeFileSync(`${target}.map`, map);
  }
}
// swc does the work on its own threads; a few requests in flight keep them busy.
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) * 2 }, worker));
console.log(`backend: ${files.length} files compiled with swc in ${Date.now() - started} ms`);
