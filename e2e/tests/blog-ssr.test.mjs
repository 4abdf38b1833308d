/* global document */
// The blog rendered on the server (issue 15): /blog and a post arrive with their content in the
// HTML (crawlers and visitors without JavaScript see it), a missing post is a real 404, a new
// post shows up at once, and the browser hydrates the server's DOM without a mismatch.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, PHONE, adminToken, api, expectVisible, isHydrated, launch, uniq } from './support.mjs';

async function created(path, body, token) {
  const res = await api(path, { method: 'POST', body, token });
  assert.ok(res.status === 200 || res.status === 201, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const CONTENT = '<h2>Gain staging</h2><p>Leave six decibels of headroom on the mix bus for mastering.</p>';

/** The page's console errors and uncaught exceptions, collected from now on. */
function collectErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

describe('blog: server-rendered pages', () => {
  let browser;
  let token;
  let category;
  const posts = [];

  before(async () => {
    browser = await launch();
    token = await adminToken();
    const prefix = uniq('ssr');
    category = (await created('/api/admin/blog/categories', { name: `${prefix} Engineering` }, token))
      .category;
    // Seven posts in a category of their own: six on page 1, one on page 2.
    for (let i = 1; i <= 7; i++) {
      const body = await created(
        '/api/admin/blog/posts',
        {
          title: `${prefix} Server note ${i}`,
          content: `${CONTENT}<p>Note ${i}.</p>`,
          excerpt: `Excerpt of note ${i}.`,
          status: 'published',
          publishedAt: new Date(Date.now() - i * 60_000).toISOString(),
          categoryIds: [category.id],
        },
        token,
      );
      posts.push(body.post);
    }
  });
  after(() => browser?.close());

  it('sends /blog with the posts, links and pages in the HTML, cacheable with an ETag', async () => {
    const res = await fetch(`${BASE}/blog?category=${category.id}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    for (const post of posts.slice(0, 6)) {
      assert.ok(html.includes(post.title), `${post.title} is in the HTML`);
      assert.ok(html.includes(`href="/blog/post/${post.slug}"`), `a link to ${post.slug}`);
    }
    assert.ok(!html.includes(posts[6].title), 'the seventh post is on page 2');
    assert.match(html, /aria-label="Blog pages"/);
    assert.match(html, /Showing 1–6 of 7 posts/);
    assert.match(html, /<script id="query-state" type="application\/json">/);
    assert.match(res.headers.get('cache-control'), /public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    const etag = res.headers.get('etag');
    assert.ok(etag, 'an ETag');
    const again = await fetch(`${BASE}/blog?category=${category.id}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');

    const page2 = await (await fetch(`${BASE}/blog?category=${category.id}&page=2`)).text();
    assert.ok(page2.includes(posts[6].title));
  });

  it("sends a post with its article, meta and approved comments, and a missing one as 404 'Post Not Found'", async () => {
    const post = posts[0];
    const words = `${uniq('comment')} The headroom tip saved my master.`;
    await created(`/api/blog/posts/${post.slug}/comments`, {
      authorName: 'Rosa',
      authorEmail: 'rosa@example.com',
      content: words,
    });
    const pending = await api('/api/admin/blog/comments?status=pending', { token });
    const comment = pending.body.comments.find((c) => c.content === words);
    const approved = await api(`/api/admin/blog/comments/${comment.id}/approve`, { method: 'PUT', token });
    assert.equal(approved.status, 200);
    const res = await fetch(`${BASE}/blog/post/${post.slug}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, new RegExp(`<h1 class="blog-article__title">${post.title}</h1>`));
    assert.ok(html.includes('Leave six decibels of headroom on the mix bus for mastering.'));
    assert.match(html, new RegExp(`<title>${post.title} \\| [^<]+</title>`));
    assert.match(html, /<link rel="canonical" href="[^"]+\/blog\/post\//);
    assert.match(html, /<meta property="og:title" content="/);
    assert.match(
      html,
      /<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"BlogPosting"/,
    );
    // The comment form posts natively (to this page, which answers in HTML: native-forms) until
    // the scripts take it over.
    assert.match(html, /<form(?![^>]*action=)[^>]*method="post"[^>]*class="form comment-form"/);
    // Approving the comment cleared the rendered page: it is in the HTML at once.
    assert.ok(html.includes(words), 'the approved comment is in the HTML');
    assert.ok(!html.includes('rosa@example.com'), 'never the commenter’s address');

    const missing = await fetch(`${BASE}/blog/post/${uniq('no-such-post')}`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Post Not Found/);
  });

  it('gives a page and its API read the same ETag from every process that answers them', async () => {
    // On the replica stage (E2E_REPLICAS=1) consecutive requests go to alternate API processes:
    // each one renders and keeps its own copy, and a CDN or browser revalidating with the tag one
    // of them gave must get a 304 from the other. On one process this holds trivially.
    for (const path of [
      `/blog/post/${posts[2].slug}`,
      `/blog?category=${category.id}`,
      `/api/blog/posts/${posts[2].slug}`,
    ]) {
      const tags = [];
      for (let i = 0; i < 4; i++) tags.push((await fetch(`${BASE}${path}`)).headers.get('etag'));
      assert.ok(tags[0], `${path} has an ETag`);
      assert.deepEqual(new Set(tags), new Set([tags[0]]), `${path}: one ETag everywhere`);
      for (let i = 0; i < 2; i++) {
        const again = await fetch(`${BASE}${path}`, { headers: { 'if-none-match': tags[0] } });
        assert.equal(again.status, 304, `${path} revalidates on every process`);
      }
    }
  });

  it('shows a newly published post in the HTML of /blog within a second', async () => {
    const before = await (await fetch(`${BASE}/blog?category=${category.id}`)).text();
    const title = `${uniq('ssr')} Fresh off the press`;
    assert.ok(!before.includes(title));
    await created(
      '/api/admin/blog/posts',
      { title, content: CONTENT, status: 'published', categoryIds: [category.id] },
      token,
    );
    const started = Date.now();
    let html = '';
    while (Date.now() - started < 1000 && !html.includes(title)) {
      html = await (await fetch(`${BASE}/blog?category=${category.id}`)).text();
    }
    assert.ok(html.includes(title), 'the new post is listed');
  });

  it('shows the list without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/blog?category=${category.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Blog' }));
    await expectVisible(page.locator('.blog__main').getByRole('link', { name: posts[0].title }));
    await expectVisible(page.getByRole('navigation', { name: 'Blog pages' }));
    await context.close();
  });

  for (const path of ['/blog', 'post']) {
    it(`hydrates ${path === 'post' ? 'a post' : path} in place, with no console error`, async () => {
      const url = path === 'post' ? `/blog/post/${posts[1].slug}` : `/blog?category=${category.id}`;
      // Not newPage: its goto waits for hydration, which is held back here.
      const context = await browser.newContext({ baseURL: BASE, viewport: PHONE });
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      const errors = collectErrors(page);
      // The scripts wait until the server's heading has been marked.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route('**/remotes/site/remoteEntry.js', async (route) => {
        await held;
        await route.continue();
      });
      const reads = [];
      page.on('request', (req) => {
        if (req.url().includes('/api/blog/')) reads.push(req.url());
      });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => {
        document.querySelector('h1').dataset.fromServer = 'yes';
      });
      release();
      await page.waitForFunction(isHydrated);
      // The same node, now React's, and nothing the server already answered is read again.
      assert.equal(await page.evaluate(() => document.querySelector('h1').dataset.fromServer), 'yes');
      assert.deepEqual(reads, [], 'no blog read (comments included) is repeated in the browser');
      await page.waitForTimeout(300);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
