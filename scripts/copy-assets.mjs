// Copies the backend's non-TypeScript files (mail templates, sample posts, PDFs, …) from src/ to dist/.
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = join(process.cwd(), 'src');
const dist = join(process.cwd(), 'dist');
const KEEP = /\.(hbs|html|pdf|json|txt|png|svg)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (KEEP.test(name)) cpSync(file, join(dist, relative(src, file)));
  }
}
if (existsSync(src)) walk(src);
