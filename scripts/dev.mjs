// `npm run dev`: the backend (rebuilt with tsc --watch) plus the three webpack dev servers.
// Open http://localhost:4200; the shell's dev server proxies /api and the remotes.
import { ROOT, ensureInstalled, log, run, spawn } from './lib.mjs';

ensureInstalled();
run('npx', ['tsc', '-p', 'libs/shared/tsconfig.build.json']);
const { startEmbeddedPostgres, ensureRedis, startMailCatcher } = await import('./services.mjs');
const env = { ...process.env, NODE_ENV: 'development' };
const cleanups = [];
if (!env.DATABASE_URL) {
  const pg = await startEmbeddedPostgres();
  cleanups.push(pg.stop);
  env.DATABASE_URL = pg.url;
}
const redis = await ensureRedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
cleanups.push(redis.stop);
env.REDIS_URL = redis.url;
if (!env.SMTP_URL) {
  const mail = await startMailCatcher();
  cleanups.push(mail.stop);
  env.SMTP_URL = mail.smtpUrl;
  log(`Mail inbox: ${mail.inboxUrl}`);
}
env.PUBLIC_URL = env.PUBLIC_URL ?? 'http://localhost:4200';

const procs = [
  [
    'backend',
    'sh',
    [
      '-c',
      'cd backend && npx tsc -p tsconfig.build.json && (npx tsc -p tsconfig.build.json --watch --preserveWatchOutput > /dev/null &) && node --watch dist/main.js',
    ],
  ],
  ['shell', 'npm', ['run', 'serve', '-w', '@studio/shell']],
  ['site', 'npm', ['run', 'serve', '-w', '@studio/site-app']],
  ['admin', 'npm', ['run', 'serve', '-w', '@studio/admin-app']],
].map(([name, cmd, args]) => {
  const p = spawn(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  p.on('exit', (code) => log(`${name} exited (${code})`));
  return p;
});
log('Dev servers starting: open http://localhost:4200 (API on http://localhost:3000)');
const stop = async () => {
  procs.forEach((p) => p.kill('SIGTERM'));
  for (const c of cleanups) await c().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
