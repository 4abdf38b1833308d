import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { adminToken, createTestApp, TestApp } from './support/test-app';

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Mixdown Studio</title></head><body><div id="root"></div></body></html>`;
const OUTLET = '<!--ssr-outlet-->';
/** A document of shell/dist/pages/ with `root` inside #root. */
const documentWith = (root: string) => SHELL.replace('<div id="root"></div>', `<div id="root">${root}</div>`);

/**
 * Stands in for the shell's Node bundle (the real one is exercised by the browser tests): a
 * /pay/live-… page reads the public services list (and counts its renders), any other /pay/ page
 * reads its balance, which fails for an unknown link; a project page reads who is signed in to
 * the portal.
 */
const BUNDLE = `
let renders = 0;
exports.renderPage = async (url, load) => {
  if (url.startsWith('/portal/projects/')) {
    const me = await load('/api/portal/me');
    // As the real bundle's ReadRefused: the read's status rides on the error.
    if (me.status !== 200) throw Object.assign(new Error('signed out: ' + me.status), { status: me.status });
    return { status: 200, html: '<h1>Project of ' + me.body.email + '</h1>', state: { me: me.body.email } };
  }
  const token = decodeURIComponent(new URL(url, 'http://x').pathname.slice('/pay/'.length));
  const read = await load(token.startsWith('live-') ? '/api/services' : '/api/pay/' + encodeURIComponent(token));
  if (read.status !== 200) throw new Error('the read answered ' + read.status);
  renders += 1;
  return { status: 200, html: '<h1>Balance, render ' + renders + '</h1>', state: { renders } };
};`;

/**
 * The client's private pages (issue 26's budgets): a project page and a payment link are sent as
 * documents that already hold their loading state, with the page's API reads preloaded; the pay
 * page is rendered with its data, for each request, and never kept by any cache.
 */
describe('portal project and pay pages: preloaded reads, private server rendering (HTTP)', () => {
  let t: TestApp;
  let webRoot: string;
  /** Every log line the app wrote (at trace level). */
  const logLines: string[] = [];

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    const pages = join(webRoot, 'shell', 'dist', 'pages');
    mkdirSync(pages, { recursive: true });
    mkdirSync(join(webRoot, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), SHELL);
    writeFileSync(join(pages, 'rendered-pay.html'), documentWith(OUTLET));
    writeFileSync(join(pages, 'preloaded-portal-project.html'), documentWith('<p>Loading the project…</p>'));
    writeFileSync(join(pages, 'preloaded-pay.html'), documentWith('<p>Loading your balance…</p>'));
    writeFileSync(
      join(pages, 'manifest.json'),
      JSON.stringify({
        routes: [],
        rendered: [
          { name: 'pay', pattern: '^/pay/[^/]+/?$', file: 'rendered-pay.html', private: true },
          {
            name: 'portal-project',
            pattern: '^/portal/projects/[^/]+/?$',
            file: 'rendered-pay.html',
            private: true,
          },
        ],
        preloaded: [
          {
            name: 'portal-project',
            route: '/portal/projects/:id',
            reads: ['/api/portal/projects/:id', '/api/portal/projects/:id/review'],
            file: 'preloaded-portal-project.html',
          },
          { name: 'pay', route: '/pay/:token', reads: ['/api/pay/:token'], file: 'preloaded-pay.html' },
        ],
      }),
    );
    writeFileSync(join(webRoot, 'shell', 'dist', 'server', 'prerender.js'), BUNDLE);
    t = await createTestApp(
      { WEB_DIST_DIR: webRoot, LOG_LEVEL: 'trace' },
      { logDestination: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a project page in its loading state with the project and its review preloaded', async () => {
    const res = await t.http().get('/portal/projects/a%20b');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root"><p>Loading the project…</p></div>');
    // The URLs the page's fetches ask for (the id decoded, then encoded), with their credentials.
    expect(res.text).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/portal/projects/a%20b">',
    );
    expect(res.text).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/portal/projects/a%20b/review">',
    );
    expect(res.text).toContain('<title>Your project | ');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    // A signed-out visitor is the expected case: the failed render is a debug line, not a warning.
    let failure: string | undefined;
    for (let i = 0; i < 50 && !failure; i++) {
      failure = logLines.find((l) => l.includes('Rendering /portal/projects/a%20b failed'));
      if (!failure) await new Promise((r) => setTimeout(r, 20));
    }
    expect(failure).toContain('signed out: 401');
    expect(JSON.parse(failure!).level).toBe(20);

    // Markup in the id is escaped, never read as HTML.
    const odd = await t.http().get('/portal/projects/%22%3E%3Cscript%3E');
    expect(odd.text).not.toContain('"><script>');
    expect(odd.text).toContain('href="/api/portal/projects/%22%3E%3Cscript%3E"');
    // A malformed escape is refused before any page (the input rule's 400), never a 500.
    const malformed = await t.http().get('/portal/projects/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toContain('rel="preload" as="fetch"');
    // Other pages are as before.
    const list = await t.http().get('/portal');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('rel="preload" as="fetch"');
    expect(list.text).not.toContain('Loading the project');
  });

  it("renders a signed-in client's project page with their session only, never kept", async () => {
    // A portal session, as signing in from a mailed link leaves it.
    const session = randomBytes(32).toString('base64url');
    await t.app
      .get(DataSource)
      .query(
        `INSERT INTO portal_tokens (token_hash, kind, email, expires_at) VALUES ($1, 'session', 'client@example.com', now() + interval '1 day')`,
        [createHash('sha256').update(session).digest('hex')],
      );
    const res = await t.http().get('/portal/projects/p1').set('cookie', `portal_session=${session}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.text).toContain('<h1>Project of client@example.com</h1>');
    expect(res.text).toContain(
      '<script id="query-state" type="application/json">{"me":"client@example.com"}',
    );

    // Signed out, or a staff login only: the loading document, and the browser reads as usual.
    const signedOut = await t.http().get('/portal/projects/p1');
    expect(signedOut.text).toContain('Loading the project…');
    expect(signedOut.text).not.toContain('client@example.com');
    const staff = await t
      .http()
      .get('/portal/projects/p1')
      .set('authorization', `Bearer ${await adminToken(t)}`);
    expect(staff.text).toContain('Loading the project…');
    expect(staff.headers['cache-control']).toBe('no-cache');
  });

  it('renders a pay page with its data for each request, which no cache may keep', async () => {
    const first = await t.http().get('/pay/live-token');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    const render = Number(/Balance, render (\d+)/.exec(first.text)?.[1]);
    expect(render).toBeGreaterThan(0);
    expect(first.text).toContain(
      `<script id="query-state" type="application/json">{"renders":${render}}</script></body>`,
    );
    const second = await t.http().get('/pay/live-token');
    expect(second.text).toContain(`Balance, render ${render + 1}<`);
  });

  it('sends the loading document with the balance preloaded when the link cannot be read', async () => {
    const res = await t.http().get('/pay/no-such-link');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<p>Loading your balance…</p>');
    expect(res.text).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/pay/no-such-link">',
    );
    expect(res.text).not.toContain('query-state');
  });

  it("logs a failed render of a pay page without the link's token, at any level", async () => {
    const token = `secret-${Date.now().toString(36)}-link`;
    const res = await t.http().get(`/pay/${token}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<p>Loading your balance…</p>');
    let failure: string | undefined;
    for (let i = 0; i < 50 && !failure; i++) {
      failure = logLines.find((l) => l.includes('Rendering /pay/[redacted] failed'));
      if (!failure) await new Promise((r) => setTimeout(r, 20));
    }
    expect(failure).toContain('the read answered 404');
    expect(logLines.some((l) => l.includes('/api/pay/[redacted]'))).toBe(true);
    expect(logLines.filter((l) => l.includes(token))).toEqual([]);
  });
});
