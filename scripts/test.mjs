// `npm test`: every check the project has, in order — lint and types, unit and HTTP tests
// (real PostgreSQL and Redis), the production build, then browser tests in Chromium.
import { DEBIAN, ROOT, ensureDebianPackages, ensureInstalled, log, redisAnswers, run } from './lib.mjs';
import net from 'node:net';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function tcpOpen(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    s.setTimeout(1500, () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(false));
    s.once('connect', () => (s.destroy(), resolve(true)));
  });
}

async function preflight() {
  const problems = [];
  if (!(await tcpOpen(PG_URL)))
    problems.push(
      `PostgreSQL does not answer at ${PG_URL} (set TEST_PG_URL, or start it: pg_ctlcluster <version> main start).`,
    );
  if (!(await redisAnswers(REDIS_URL)))
    problems.push(
      `Redis does not answer at ${REDIS_URL} (set TEST_REDIS_URL, or start it: redis-server --daemonize yes).`,
    );
  if (problems.length) {
    console.error(`\nnpm test cannot run yet:\n  - ${problems.join('\n  - ')}\n`);
    process.exit(2);
  }
  // Debian packages the tests need: Chromium (browser tests) and ffmpeg (the upload probe).
  ensureDebianPackages([DEBIAN.chromium, DEBIAN.ffmpeg], 'npm test');
}

const REPLICA_FILES = ['blog', 'blog-ssr', 'payments', 'portal'].map((name) => `e2e/tests/${name}.test.mjs`);

const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const stages = [
  ['lint', () => run('npx', ['eslint', '.', '--max-warnings=0'])],
  ['format', () => run('npx', ['prettier', '--check', '.', '--log-level=warn'])],
  [
    'types',
    () =>
      run('npx', ['nx', 'run-many', '-t', 'typecheck', '--parallel=2', '--outputStyle=static'], {
        env: nxEnv,
      }),
  ],
  [
    'unit + HTTP tests',
    () =>
      run(
        'npx',
        ['nx', 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=static', '--skip-nx-cache'],
        { env: nxEnv },
      ),
  ],
  // npm start's own logic: the embedded PostgreSQL from a checkout the postgres user cannot reach.
  ['start scripts', () => run(process.execPath, ['--test', 'scripts/embedded-pg-home.test.mjs'])],
  [
    'build',
    () =>
      run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], { env: nxEnv }),
  ],
  ['browser tests', () => run('node', ['e2e/run.mjs'])],
  // Issue 28: the same system as two ROLE=api processes and a ROLE=worker behind a round-robin
  // proxy (no sticky sessions), sharing PostgreSQL, Redis and the fake S3: the blog (edits never
  // served stale), payments and their mail, tus uploads alternating replicas, the portal.
  [
    'browser tests on replicas',
    () =>
      run('node', ['e2e/run.mjs', ...REPLICA_FILES], {
        env: { ...process.env, E2E_REPLICAS: '1', E2E_SHARDS: '1' },
      }),
  ],
];

ensureInstalled();
await preflight();
const only = process.argv[2];
const done = [];
const t0 = Date.now();
for (const [name, fn] of stages) {
  if (only && !name.startsWith(only)) continue;
  log(`── ${name}`);
  const t = Date.now();
  try {
    fn();
    done.push(`${name}: ok (${((Date.now() - t) / 1000).toFixed(0)}s)`);
  } catch (err) {
    console.error(`\n${name} failed: ${err.message}`);
    console.error(done.map((d) => `  ${d}`).join('\n'));
    process.exit(1);
  }
}
log(`All checks passed in ${((Date.now() - t0) / 1000).toFixed(0)}s:\n  ${done.join('\n  ')}`);
void ROOT;
