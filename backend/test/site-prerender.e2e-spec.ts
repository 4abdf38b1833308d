import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDER_TOKENS } from '@studio/shared';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, tokens, Tokens } from './blog-fixtures';

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Mixdown Studio</title></head><body><div id="root"></div></body></html>`;
const { siteName, instagramUrl, year } = PRERENDER_TOKENS;
/** A prerendered home page as the shell's build writes it, stand-ins included. */
const HOME = SHELL.replace(
  '<div id="root"></div>',
  `<div id="root"><header><span class="brand__name">${siteName}</span></header><main><h1>Hero</h1>${'<p>Padding so the page is worth compressing.</p>'.repeat(40)}</main><footer><a href="${instagramUrl}">Instagram</a><p>© ${year} ${siteName}</p></footer></div>`,
);
/** The build's inline loader, as the manifest lists it (any SHA-256 will do here). */
const LOADER_HASH = `sha256-${createHash('sha256').update('loader').digest('base64')}`;
const CONTACT = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Contact Us</h1></div>');

/** How the backend serves the documents the shell's build prerendered (shell/dist/pages). */
describe('prerendered pages (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    const pages = join(webRoot, 'shell', 'dist', 'pages');
    mkdirSync(pages, { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), SHELL);
    writeFileSync(join(pages, 'home.html'), HOME);
    writeFileSync(join(pages, 'contact.html'), CONTACT);
    writeFileSync(
      join(pages, 'manifest.json'),
      JSON.stringify({
        routes: [
          { path: '/', varies: [], file: 'home.html' },
          { path: '/contact', varies: ['service'], file: 'contact.html' },
        ],
        scriptHashes: [LOADER_HASH, "sha256-x' 'unsafe-inline"],
      }),
    );
    t = await createTestApp({ WEB_DIST_DIR: webRoot, SITE_NAME: 'Mixdown Studio' });
    tk = await tokens(t, 'prerender');
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the prerendered document with the live branding in place of every stand-in', async () => {
    const res = await t.http().get('/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<span class="brand__name">Mixdown Studio</span>');
    expect(res.text).toContain('<a href="https://www.instagram.com/">Instagram</a>');
    expect(res.text).toContain(`<p>© ${new Date().getFullYear()} Mixdown Studio</p>`);
    expect(res.text).not.toContain('%%');
    expect(res.text).toContain('<script id="site-config" type="application/json">{"name":"Mixdown Studio"}');
  });

  it("allows the build's inline loader by its hash, and nothing the manifest garbles", async () => {
    const res = await t.http().get('/');
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc?.split(' ')).toContain(`'${LOADER_HASH}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('follows the settings: blog name and Instagram link, escaped', async () => {
    const saved = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({
        blogName: 'Night & Day <Audio>',
        socialLinks: { instagram: 'https://instagram.com/night_day' },
      });
    expect(saved.status).toBe(200);
    const res = await t.http().get('/');
    expect(res.text).toContain('<span class="brand__name">Night &amp; Day &lt;Audio&gt;</span>');
    expect(res.text).toContain('<a href="https://instagram.com/night_day">Instagram</a>');
    expect(res.text).toContain(`Night &amp; Day &lt;Audio&gt;</p>`);
    const config = /<script id="site-config" type="application\/json">([^<]*)<\/script>/.exec(res.text)?.[1];
    expect(JSON.parse(config ?? '{}')).toEqual({
      name: 'Night & Day \u003cAudio>',
      instagramUrl: 'https://instagram.com/night_day',
    });
    await t.http().put('/api/admin/settings').set(bearer(tk.admin)).send({ blogName: 'Mixdown Studio' });
  });

  it("inserts a brand name with replacement patterns ($&, $') as written", async () => {
    const name = "Mix $& Master $' Co";
    expect(
      (await t.http().put('/api/admin/settings').set(bearer(tk.admin)).send({ blogName: name })).status,
    ).toBe(200);
    const res = await t.http().get('/');
    expect(res.text).toContain(`<span class="brand__name">Mix $&amp; Master $&#39; Co</span>`);
    await t.http().put('/api/admin/settings').set(bearer(tk.admin)).send({ blogName: 'Mixdown Studio' });
  });

  it('sends the plain shell when the query changes the page, and for every other route', async () => {
    expect((await t.http().get('/contact')).text).toContain('<h1>Contact Us</h1>');
    expect((await t.http().get('/contact?utm_source=mail')).text).toContain('<h1>Contact Us</h1>');
    for (const path of ['/contact?service=Mixing', '/privacy-policy', '/contact/', '/no-such-page']) {
      const res = await t.http().get(path);
      expect([path, res.text]).toEqual([path, expect.stringContaining('<div id="root"></div>')]);
    }
    expect((await t.http().get('/no-such-page')).status).toBe(404);
  });

  it('compresses pages for clients that accept it', async () => {
    const br = await t.http().get('/').set('accept-encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.text).toContain('<h1>Hero</h1>');
    const gzip = await t.http().get('/').set('accept-encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.http().get('/').set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('<h1>Hero</h1>');
  });
});
