import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createPost, tokens, Tokens } from './blog-fixtures';

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Mixdown Studio</title></head><body><div id="root"></div></body></html>`;
const OUTLET = '<!--ssr-outlet-->';
const documentFor = (name: string) =>
  SHELL.replace('<div id="root"></div>', `<div id="root">${OUTLET}</div>`).replace(
    '</head>',
    `<link rel="stylesheet" href="/remotes/site/${name}.css"></head>`,
  );

/**
 * Stands in for the shell's Node bundle (shell/dist/server/prerender.js, built from the site's
 * React components and tested in the browser suite): same contract, plain markup. It reads what
 * the real /blog and post pages read, through the backend's `load`.
 */
const BUNDLE = `
exports.renderPage = async (url, load) => {
  const { pathname, searchParams } = new URL(url, 'http://x');
  if (pathname === '/blog') {
    const page = Number(searchParams.get('page') || 1);
    const path = '/api/blog/posts?limit=6&offset=' + (page - 1) * 6 + '&status=published';
    const list = await load(path);
    if (list.status !== 200) throw new Error('list failed');
    const items = list.body.posts.map((p) => '<li><a href="/blog/post/' + p.slug + '">' + p.title + '</a></li>');
    return { status: 200, html: '<h1>Blog</h1><ul>' + items.join('') + '</ul>', state: { list: list.body.total } };
  }
  const slug = decodeURIComponent(pathname.slice('/blog/post/'.length));
  const post = await load('/api/blog/posts/' + encodeURIComponent(slug));
  if (post.status === 404) return { status: 404, html: '<h1>Post Not Found</h1>', state: {} };
  return { status: 200, html: '<article><h1>' + post.body.post.title + '</h1>' + post.body.post.content + '</article>', state: { slug } };
};`;

/** How the backend renders the blog's pages per request, caches them and answers revalidation. */
describe('server-rendered blog pages and HTTP caching (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    const dist = join(webRoot, 'shell', 'dist');
    mkdirSync(join(dist, 'pages'), { recursive: true });
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), SHELL);
    writeFileSync(join(dist, 'pages', 'rendered-blog.html'), documentFor('blog'));
    writeFileSync(join(dist, 'pages', 'rendered-blog-post.html'), documentFor('blog-post'));
    writeFileSync(
      join(dist, 'pages', 'manifest.json'),
      JSON.stringify({
        routes: [],
        rendered: [
          { name: 'blog', pattern: '^/blog/?$', file: 'rendered-blog.html' },
          { name: 'blog-post', pattern: '^/blog/post/[^/]+/?$', file: 'rendered-blog-post.html' },
        ],
      }),
    );
    writeFileSync(join(dist, 'server', 'prerender.js'), BUNDLE);
    t = await createTestApp({ WEB_DIST_DIR: webRoot });
    tk = await tokens(t, 'ssr');
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('renders /blog with the posts and their data, cacheable by a CDN, and answers 304', async () => {
    const post = await createPost(t, tk.admin, { title: 'Rendered on the server', status: 'published' });
    const res = await t.http().get('/blog');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`<a href="/blog/post/${post.slug}">Rendered on the server</a>`);
    expect(res.text).toContain('<link rel="stylesheet" href="/remotes/site/blog.css">');
    expect(res.text).toMatch(
      /<script id="query-state" type="application\/json">\{"list":\d+\}<\/script><\/body>/,
    );
    expect(res.text).toContain('<title>Blog | ');
    expect(res.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const etag = res.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await t.http().get('/blog').set('if-none-match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Any other version of the page gets the page.
    expect((await t.http().get('/blog').set('if-none-match', 'W/"other"')).status).toBe(200);
  });

  it('shows a new post at once: every blog write clears the rendered pages', async () => {
    const first = await t.http().get('/blog?utm_source=mail');
    await createPost(t, tk.admin, { title: 'Just published now', status: 'published' });
    const res = await t.http().get('/blog');
    expect(first.text).not.toContain('Just published now');
    expect(res.text).toContain('Just published now');
    expect(res.headers.etag).not.toBe(first.headers.etag);
  });

  it('renders a post with its article and meta, and a missing one as a 404', async () => {
    const post = await createPost(t, tk.admin, { title: 'An article with meta', status: 'published' });
    const res = await t.http().get(`/blog/post/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<article><h1>An article with meta</h1><p>Gain staging keeps');
    expect(res.text).toContain('<meta property="og:title" content="An article with meta"/>');
    expect(res.text).toContain('<script type="application/ld+json">');
    expect(res.text).toMatch(/<link rel="canonical" href="[^"]+\/blog\/post\/an-article-with-meta"\/>/);

    const missing = await t.http().get('/blog/post/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<h1>Post Not Found</h1>');
    expect(missing.text).toContain('<meta name="robots" content="noindex"/>');

    // A draft is not public: still a 404, and its content never reaches the HTML.
    const draft = await createPost(t, tk.admin, { title: 'Secret draft', status: 'draft' });
    const hidden = await t.http().get(`/blog/post/${draft.slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('Secret draft');
  });

  it('marks public blog reads cacheable with an ETag, and personal answers private', async () => {
    await createPost(t, tk.admin, { title: 'Cache me', status: 'published' });
    const list = await t.http().get('/api/blog/posts?limit=6');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(list.headers.etag).toBeTruthy();
    // The second answer is replayed from memory: same bytes, same validator, 304 when asked.
    const replay = await t.http().get('/api/blog/posts?limit=6');
    expect(replay.text).toBe(list.text);
    expect(replay.headers.etag).toBe(list.headers.etag);
    expect(replay.headers['content-security-policy']).toBe(list.headers['content-security-policy']);
    // Named by its own request id, not the first answer's.
    expect(replay.headers['x-request-id']).toEqual(expect.any(String));
    expect(replay.headers['x-request-id']).not.toBe(list.headers['x-request-id']);
    const revalidated = await t.http().get('/api/blog/posts?limit=6').set('if-none-match', list.headers.etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    for (const path of ['/api/blog/categories', '/api/blog/tags']) {
      const res = await t.http().get(path);
      expect([path, res.headers['cache-control']]).toEqual([path, expect.stringMatching(/^public, /)]);
      expect((await t.http().get(path).set('if-none-match', res.headers.etag)).status).toBe(304);
    }

    const me = await t.http().get('/api/user').set(bearer(tk.author));
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.headers.etag).toBeUndefined();
    const admin = await t.http().get('/api/admin/blog/posts').set(bearer(tk.admin));
    expect(admin.headers['cache-control']).toBe('private, no-store');
    const write = await t.http().post('/api/blog/posts/cache-me/comments').send({});
    expect(write.headers['cache-control']).toBe('private, no-store');
  });

  it('replays no answer after a write: the list changes at once', async () => {
    const before = await t.http().get('/api/blog/posts?limit=50');
    await createPost(t, tk.admin, { title: 'After the replay', status: 'published' });
    const after = await t.http().get('/api/blog/posts?limit=50');
    expect(before.text).not.toContain('After the replay');
    expect(after.text).toContain('After the replay');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
