/* global document, window, PopStateEvent -- page.evaluate and addInitScript callbacks run in the browser */
// The public blog: the list's search, filters, chips, pagination and empty state, the post page,
// comments, not-found, and the meta the server renders for crawlers.
import assert from 'node:assert/strict';
import { deflateSync, crc32 } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import {
  BASE,
  DESKTOP,
  PHONE,
  adminToken,
  api,
  expectDetached,
  expectVisible,
  launch,
  newPage,
  signInWithToken,
  uniq,
} from './support.mjs';

const AWAITING_MODERATION = 'Thanks! Your comment will appear once it has been approved.';
const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const readTime = (minutes) => (minutes === 1 ? '1 min read' : `${minutes} mins read`);
const DAY = 24 * 60 * 60 * 1000;

/** A small RGB PNG with a diagonal gradient: an original image for the featured-image upload. */
function gradientPng(width, height) {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const i = y * row + 1 + x * 3;
      raw[i] = Math.round(30 + 215 * t);
      raw[i + 1] = Math.round(34 + 151 * t);
      raw[i + 2] = Math.round(48 + 18 * t);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function created(path, body, token) {
  const res = await api(path, { method: 'POST', body, token });
  assert.ok(res.status === 200 || res.status === 201, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function uploadImage(token) {
  const form = new FormData();
  form.append('file', new Blob([gradientPng(240, 126)], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${BASE}/api/admin/blog/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.media.fileName;
}

const paragraph = (n) =>
  `<p>${Array.from({ length: n }, (_, i) => ['mix', 'bus', 'warmth', 'headroom', 'vocal', 'punch'][i % 6]).join(' ')}.</p>`;

/**
 * Eight published posts and one draft in a category of their own (so other test files' posts
 * never change the counts), three of them also in a second category, two with a tag. Post 1 is
 * the newest and the richest: featured image, headings, a list, a link and about 450 words.
 */
async function seedBlog(token) {
  const prefix = uniq('blogtest');
  const all = (await created('/api/admin/blog/categories', { name: `${prefix} Studio Notes` }, token))
    .category;
  const mixing = (await created('/api/admin/blog/categories', { name: `${prefix} Mixing` }, token)).category;
  const vocals = (await created('/api/admin/blog/tags', { name: `${prefix} vocals` }, token)).tag;
  const image = await uploadImage(token);
  const searchWord = `${prefix}needle`;

  const posts = [];
  for (let i = 1; i <= 8; i++) {
    const rich = i === 1;
    const title = rich ? `${prefix} How to leave headroom for mastering` : `${prefix} Studio note ${i}`;
    const content = rich
      ? `<h1>Why headroom matters</h1>${paragraph(150)}<h2>Gain staging</h2>${paragraph(150)}` +
        '<ul><li>Peaks around -6 dBFS</li><li>No limiter on the mix bus</li></ul>' +
        `<p>Read more on <a href="https://example.com/headroom">headroom</a>.</p>${paragraph(140)}`
      : `<p>Enough words here to count as the content of a test post. ${i === 5 ? searchWord : ''}</p>`;
    const body = await created(
      '/api/admin/blog/posts',
      {
        title,
        content,
        status: 'published',
        excerpt: rich ? 'Why a mix with room to breathe makes a louder, cleaner master.' : undefined,
        featuredImage: rich ? image : undefined,
        publishedAt: new Date(Date.now() - i * DAY).toISOString(),
        categoryIds: i <= 3 ? [all.id, mixing.id] : [all.id],
        tagIds: i === 1 || i === 2 ? [vocals.id] : [],
      },
      token,
    );
    posts.push(body.post);
  }
  const draftTitle = `${prefix} Unfinished draft`;
  await created(
    '/api/admin/blog/posts',
    {
      title: draftTitle,
      content: '<p>This draft must never reach the public list.</p>',
      status: 'draft',
      categoryIds: [all.id],
    },
    token,
  );
  const full = await api(`/api/blog/posts/${posts[0].slug}`);
  return { prefix, all, mixing, vocals, image, searchWord, posts, rich: full.body.post, draftTitle };
}

const main = (page) => page.locator('.blog__main');
const cards = (page) => main(page).getByRole('article');
const toolbar = (page) => page.getByRole('region', { name: 'Search and filter posts' });
const sidebar = (page) => page.getByRole('complementary', { name: 'More from the blog' });
const pager = (page) => page.getByRole('navigation', { name: 'Blog pages' });
const chip = (page, label) => page.getByRole('button', { name: `Remove filter ${label}` });

async function expectCards(page, count) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('.blog__main article').length === n &&
      !document.querySelector('.post-grid.is-stale'),
    count,
  );
}

/**
 * Opens `path` inside the running app, without a page load: the server renders the blog's pages
 * with their data, so only a visit that starts elsewhere makes the page's reads in the browser.
 */
async function openInApp(page, path) {
  await page.goto('/privacy-policy');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

function params(page) {
  return new URL(page.url()).searchParams;
}

describe('blog: the public list and post pages', () => {
  let browser;
  let token;
  let seed;
  let blogName;

  before(async () => {
    browser = await launch();
    token = await adminToken();
    assert.ok(token, 'admin login failed');
    seed = await seedBlog(token);
    blogName = (await api('/api/settings')).body.settings.blogName;
  });
  after(() => browser?.close());

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`shows published posts only, six a page, and pages to page 2 (${name})`, async () => {
      const page = await newPage(browser, viewport);
      await page.goto('/blog');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Blog' }));
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
      assert.equal(await page.title(), `Blog | ${blogName}`);
      await expectVisible(main(page).getByRole('article').first());
      assert.ok((await cards(page).count()) <= 6);

      await toolbar(page)
        .getByRole('group', { name: 'Categories' })
        .getByRole('button', { name: seed.all.name })
        .click();
      await page.waitForURL((url) => url.searchParams.get('category') === String(seed.all.id));
      await expectCards(page, 6);
      await expectVisible(main(page).getByText('Showing 1–6 of 8 posts'));
      // Newest first: post 1 leads, post 7 and 8 are on page 2, the draft nowhere.
      await expectVisible(main(page).getByRole('link', { name: seed.posts[0].title }));
      assert.equal(await main(page).getByText(seed.draftTitle).count(), 0);
      assert.equal(
        await pager(page).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'),
        'page',
      );
      assert.equal(await pager(page).getByRole('button', { name: 'Previous page' }).isDisabled(), true);

      await pager(page).getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expectCards(page, 2);
      await expectVisible(main(page).getByRole('link', { name: seed.posts[7].title }));
      assert.equal(await main(page).getByText(seed.draftTitle).count(), 0);
      assert.equal(await pager(page).getByRole('button', { name: 'Next page' }).isDisabled(), true);

      // A card: image or drawing, title link to the post, excerpt, date, read time, author.
      const card = cards(page).filter({ hasText: seed.posts[7].title });
      assert.equal(
        await card.getByRole('link', { name: seed.posts[7].title }).getAttribute('href'),
        `/blog/post/${seed.posts[7].slug}`,
      );
      await expectVisible(card.getByText('1 min read'));
      await expectVisible(card.getByText(/By \S+/));

      // Three posts fit on one page: no page control at all.
      await page.goto(`/blog?category=${seed.mixing.id}`);
      await expectCards(page, 3);
      assert.equal(await pager(page).count(), 0);

      // Nothing overflows sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
      await page.context().close();
    });
  }

  it('narrows the list with the search box and goes back to page 1', async () => {
    const page = await newPage(browser);
    await page.goto(`/blog?category=${seed.all.id}&page=2`);
    await expectCards(page, 2);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(seed.searchWord);
    await page.waitForURL((url) => url.searchParams.get('search') === seed.searchWord);
    assert.equal(params(page).get('page'), null);
    await expectCards(page, 1);
    await expectVisible(main(page).getByRole('link', { name: seed.posts[4].title }));
    await chip(page, `Search: “${seed.searchWord}”`).waitFor();

    // Removing the search chip empties the box and brings the category's posts back.
    await chip(page, `Search: “${seed.searchWord}”`).click();
    await expectCards(page, 6);
    assert.equal(await page.getByRole('searchbox', { name: 'Search posts' }).inputValue(), '');
    await page.context().close();
  });

  it('filters by category with a button and with ?category=, and a second click clears it', async () => {
    const page = await newPage(browser);
    await page.goto('/blog');
    const button = toolbar(page)
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: seed.mixing.name });
    await button.click();
    await page.waitForURL((url) => url.searchParams.get('category') === String(seed.mixing.id));
    await expectCards(page, 3);
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    await expectVisible(chip(page, `Category: ${seed.mixing.name}`));

    await button.click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await expectDetached(chip(page, `Category: ${seed.mixing.name}`));
    assert.equal(await button.getAttribute('aria-pressed'), 'false');

    await page.goto(`/blog?category=${seed.mixing.id}`);
    await expectCards(page, 3);
    await expectVisible(chip(page, `Category: ${seed.mixing.name}`));
    // The sidebar lists the category with its count of published posts, and shows it chosen.
    const entry = sidebar(page).getByRole('button', { name: `${seed.mixing.name} (3 posts)` });
    assert.equal(await entry.getAttribute('aria-pressed'), 'true');
    await entry.click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.context().close();
  });

  it('filters by tag, from the filter row and the sidebar', async () => {
    const page = await newPage(browser);
    await page.goto('/blog');
    await toolbar(page)
      .getByRole('group', { name: 'Tags' })
      .getByRole('button', { name: seed.vocals.name })
      .click();
    await page.waitForURL((url) => url.searchParams.get('tag') === String(seed.vocals.id));
    await expectCards(page, 2);
    await expectVisible(chip(page, `Tag: ${seed.vocals.name}`));
    const sideTag = sidebar(page).getByRole('button', { name: `#${seed.vocals.name}` });
    assert.equal(await sideTag.getAttribute('aria-pressed'), 'true');
    await sideTag.click();
    await page.waitForURL((url) => !url.searchParams.has('tag'));
    await page.context().close();
  });

  it('shows a chip per filter, and Clear all removes them all', async () => {
    const page = await newPage(browser);
    await page.goto(
      `/blog?category=${seed.all.id}&tag=${seed.vocals.id}&search=${encodeURIComponent(seed.prefix)}`,
    );
    await expectCards(page, 2);
    await expectVisible(chip(page, `Search: “${seed.prefix}”`));
    await expectVisible(chip(page, `Category: ${seed.all.name}`));
    await expectVisible(chip(page, `Tag: ${seed.vocals.name}`));
    assert.equal(await page.getByRole('searchbox', { name: 'Search posts' }).inputValue(), seed.prefix);

    await chip(page, `Tag: ${seed.vocals.name}`).click();
    await expectCards(page, 6);
    assert.equal(params(page).get('tag'), null);
    assert.equal(params(page).get('category'), String(seed.all.id));

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.search === '');
    // The URL changes first; the chips and the search box follow on the next render.
    await expectDetached(page.getByRole('button', { name: 'Clear all' }));
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await page.waitForFunction((el) => el.value === '', await search.elementHandle());
    assert.equal(await search.inputValue(), '');
    await page.context().close();
  });

  it("shows 'No posts found' with Reset Filters when nothing matches", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`/blog?search=${seed.prefix}nothingmatches`);
    await expectVisible(page.getByRole('heading', { name: 'No posts found' }));
    assert.equal(await cards(page).count(), 0);
    assert.equal(await pager(page).count(), 0);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await expectVisible(cards(page).first());
    await page.context().close();
  });

  it('shows the sidebar: categories with counts, tags and the four newest posts', async () => {
    const page = await newPage(browser);
    await page.goto('/blog');
    const newest = (await api('/api/blog/posts?limit=4&offset=0&status=published')).body.posts;
    const recent = sidebar(page).getByRole('region', { name: 'Recent Posts' }).getByRole('link');
    await expectVisible(recent.first());
    assert.deepEqual(
      await recent.allInnerTexts(),
      newest.map((p) => p.title),
    );
    const all = sidebar(page).getByRole('button', { name: `${seed.all.name} (8 posts)` });
    assert.equal(await all.locator('[aria-hidden="true"]').innerText(), '8');
    await expectVisible(sidebar(page).getByRole('button', { name: `#${seed.vocals.name}` }));
    await page.context().close();
  });

  it('shows Create Post and Admin Panel to admins only', async () => {
    const anonymous = await newPage(browser);
    await anonymous.goto('/blog');
    await expectVisible(cards(anonymous).first());
    assert.equal(await anonymous.getByRole('link', { name: 'Create Post' }).count(), 0);
    assert.equal(await anonymous.getByRole('link', { name: 'Admin Panel' }).count(), 0);
    await anonymous.context().close();

    const admin = await newPage(browser);
    await signInWithToken(admin, token);
    await admin.goto('/blog');
    const create = admin.getByRole('link', { name: 'Create Post' });
    await expectVisible(create);
    assert.equal(await create.getAttribute('href'), '/admin/posts/new');
    assert.equal(await admin.getByRole('link', { name: 'Admin Panel' }).getAttribute('href'), '/admin');
    await admin.context().close();
  });

  for (const [path, title] of [
    ['**/api/blog/posts?*', 'Failed to fetch blog posts'],
    ['**/api/blog/categories', 'Failed to fetch categories'],
    ['**/api/blog/tags', 'Failed to fetch tags'],
  ]) {
    it(`toasts '${title}' when that read fails`, async () => {
      const page = await newPage(browser);
      await page.route(path, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await openInApp(page, '/blog');
      await expectVisible(page.locator('.toast').filter({ hasText: title }));
      await page.context().close();
    });
  }

  it('shows a post: skeleton, title, date, read time, author, image, content, categories, tags', async () => {
    const post = seed.rich;
    const page = await newPage(browser, PHONE);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(`**/api/blog/posts/${post.slug}`, async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, `/blog/post/${post.slug}`);
    await expectVisible(page.getByRole('status').filter({ hasText: 'Loading the post…' }));
    release();

    await expectVisible(page.getByRole('heading', { level: 1, name: post.title }));
    assert.equal(
      await page.getByRole('heading', { level: 1 }).count(),
      1,
      'the editor’s h1 is shown as an h2',
    );
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Why headroom matters' }));
    const article = page.getByRole('article');
    await expectVisible(article.getByText(longDate.format(new Date(post.publishedAt)), { exact: true }));
    assert.ok(post.readTimeMinutes > 1);
    await expectVisible(article.getByText(readTime(post.readTimeMinutes), { exact: true }));
    await expectVisible(article.getByText(post.author.displayName || post.author.username, { exact: true }));
    const image = article.locator('img.blog-article__image');
    // A responsive version of the upload (AVIF in Chromium), fetched first, the space kept for it.
    const id = seed.image.replace(/\.png$/, '');
    assert.equal(await image.getAttribute('src'), `/uploads/${id}-960.png`);
    assert.equal(await image.getAttribute('fetchpriority'), 'high');
    assert.equal(await image.getAttribute('width'), '1200');
    assert.equal(await image.getAttribute('height'), '630');
    await image.evaluate((img) => img.decode());
    assert.match(
      await image.evaluate((img) => img.currentSrc),
      new RegExp(`/uploads/${id}-(480|960|1440)\\.avif$`),
    );
    // With srcset, naturalWidth is the chosen file's width scaled to the drawn size.
    assert.ok((await image.evaluate((img) => img.naturalWidth)) > 0, 'the featured image loads');
    await expectVisible(article.getByRole('heading', { name: 'Gain staging' }));
    await expectVisible(article.getByRole('listitem').filter({ hasText: 'No limiter on the mix bus' }));
    assert.equal(
      await article.getByRole('link', { name: 'headroom', exact: true }).getAttribute('href'),
      'https://example.com/headroom',
    );
    assert.equal(
      await article.getByRole('link', { name: seed.all.name }).getAttribute('href'),
      `/blog?category=${seed.all.id}`,
    );
    assert.equal(
      await article.getByRole('link', { name: `#${seed.vocals.name}` }).getAttribute('href'),
      `/blog?tag=${seed.vocals.id}`,
    );
    assert.equal(await page.title(), `${post.title} | ${blogName}`);
    // The seeded admin has no bio, so there is no author card.
    assert.equal(post.author.bio, null);
    assert.equal(await page.getByRole('heading', { name: 'About the Author' }).count(), 0);

    // A category button leads back to the filtered list.
    await article.getByRole('link', { name: seed.mixing.name }).click();
    await page.waitForURL(
      (url) => url.pathname === '/blog' && url.searchParams.get('category') === String(seed.mixing.id),
    );
    await expectCards(page, 3);
    await page.context().close();
  });

  it("shows 'About the Author' when the author has a bio", async () => {
    const post = seed.posts[1];
    const page = await newPage(browser);
    await page.route(`**/api/blog/posts/${post.slug}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.post.author = {
        ...body.post.author,
        displayName: 'Jo Mixwell',
        bio: 'Mix engineer and producer.',
      };
      await route.fulfill({ response: res, json: body });
    });
    await openInApp(page, `/blog/post/${post.slug}`);
    const card = page.getByRole('region', { name: 'About the Author' });
    await expectVisible(card);
    await expectVisible(card.getByText('Jo Mixwell'));
    await expectVisible(card.getByText('Mix engineer and producer.'));
    assert.equal(await card.locator('.author-card__avatar--placeholder').innerText(), 'JM');
    await page.context().close();
  });

  it('takes a comment, says it awaits moderation, and shows it once approved', async () => {
    const post = seed.posts[2];
    const page = await newPage(browser);
    await page.goto(`/blog/post/${post.slug}`);
    await expectVisible(page.getByText('No comments yet. Be the first to share your thoughts.'));

    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectVisible(page.getByText('Name must be at least 2 characters'));
    await expectVisible(page.getByText('Comment must be at least 5 characters'));

    const text = `Really useful, thanks ${seed.prefix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Riley');
    await page.getByRole('textbox', { name: 'Email' }).fill('riley@example.com');
    await page.getByRole('textbox', { name: 'Comment' }).fill(text);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectVisible(page.getByText(AWAITING_MODERATION));
    assert.equal(await page.getByRole('textbox', { name: 'Comment' }).inputValue(), '');
    assert.equal(await page.getByText(text).count(), 0, 'unapproved comments are not shown');

    const pending = await api('/api/admin/blog/comments?status=pending&limit=100', { token });
    const mine = pending.body.comments.find((c) => c.content === text);
    assert.ok(mine, 'the comment is waiting for approval');
    assert.equal(
      (await api(`/api/admin/blog/comments/${mine.id}/approve`, { method: 'PUT', token })).status,
      200,
    );

    const fresh = await newPage(browser);
    await fresh.goto(`/blog/post/${post.slug}`);
    await expectVisible(fresh.getByRole('heading', { name: 'Comments (1)' }));
    await expectVisible(fresh.getByText(text));
    await expectVisible(fresh.getByText('Riley', { exact: true }));
    await page.context().close();
    await fresh.context().close();
  });

  it("shows 'Post Not Found' with Back to Blog for an unknown slug", async () => {
    const page = await newPage(browser, PHONE);
    const res = await page.goto(`/blog/post/${seed.prefix}-no-such-post`);
    assert.equal(res.status(), 404);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Post Not Found' }));
    await expectVisible(page.getByText("Sorry, the blog post you're looking for cannot be found."));
    assert.equal(await page.title(), `Post Not Found | ${blogName}`);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Blog' }));
    await page.context().close();
  });

  it('serves the post’s title, Open Graph, article meta and JSON-LD in the raw HTML', async () => {
    const post = seed.rich;
    const res = await fetch(`${BASE}/blog/post/${post.slug}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.ok(html.includes(`<title>${post.title} | ${blogName}</title>`), 'title');
    assert.ok(html.includes(`<meta property="og:title" content="${post.title}"/>`), 'og:title');
    assert.ok(html.includes(`<meta property="og:type" content="article"/>`), 'og:type');
    assert.ok(
      html.includes(`<meta property="article:published_time" content="${post.publishedAt}"/>`),
      'published',
    );
    assert.ok(html.includes(`<meta property="article:section" content="${seed.all.name}"/>`), 'section');
    assert.ok(html.includes(`<meta property="article:tag" content="${seed.vocals.name}"/>`), 'tag');
    // The upload's 1200×630 share version.
    const shareImage = seed.image.replace(/\.png$/, '-share.jpg');
    assert.match(html, new RegExp(`<meta property="og:image" content="[^"]*/uploads/${shareImage}"/>`));
    assert.ok(html.includes('<meta property="og:image:width" content="1200"/>'), 'og:image:width');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    assert.ok(ld, 'JSON-LD');
    const data = JSON.parse(ld[1]);
    assert.equal(data['@type'], 'BlogPosting');
    assert.equal(data.headline, post.title);
    assert.equal(data.datePublished, post.publishedAt);
  });
});
