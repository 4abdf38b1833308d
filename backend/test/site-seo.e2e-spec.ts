import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createCategory, createPost, createTag, IMAGES, tokens, Tokens } from './blog-fixtures';

const PUBLIC_URL = 'https://studio.example';
const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Mixdown Studio</title><meta name="description" content="Built-in description."/></head><body><div id="root"></div></body></html>`;

/** Reads <meta property|name="key" content="…"> values out of the served HTML. */
function metas(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/>`, 'g');
  return [...html.matchAll(re)].map((m) =>
    m[1]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'"),
  );
}
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];

/** What crawlers and feed readers see without running JavaScript. */
describe('SEO, sitemap, feed and robots (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;
  let webRoot: string;
  let post: {
    id: number;
    slug: string;
    title: string;
    updatedAt: string;
    publishedAt: string;
    featuredImage: string;
  };

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), SHELL);
    t = await createTestApp({ WEB_DIST_DIR: webRoot, PUBLIC_URL });
    tk = await tokens(t, 'seo');
    await t.app
      .get(DataSource)
      .query(`UPDATE users SET display_name = 'Sam Producer' WHERE username = 'admin'`);
    const cat = await createCategory(t, tk.admin, 'Mixing');
    const tag1 = await createTag(t, tk.admin, 'Vocals');
    const tag2 = await createTag(t, tk.admin, 'EQ & Compression');
    const media = await t
      .http()
      .post('/api/admin/blog/media')
      .set(bearer(tk.admin))
      .attach('file', IMAGES.png, 'cover.png');
    post = await createPost(t, tk.admin, {
      title: 'Vocal chains that "just work"',
      status: 'published',
      publishedAt: '2024-03-01T10:00:00.000Z',
      metaDescription: 'Three vocal chains & the settings we start from.',
      categoryIds: [cat.id],
      tagIds: [tag1.id, tag2.id],
      featuredImage: media.body.media.fileName,
    });
    await createPost(t, tk.admin, { title: 'Unfinished draft', status: 'draft' });
    await createPost(t, tk.admin, {
      title: 'Breaking </script><script>alert(1)</script> & more',
      status: 'published',
      publishedAt: '2024-02-01T10:00:00.000Z',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('fills a post page with its title, description, canonical, Open Graph, Twitter and article meta', async () => {
    const res = await t.http().get(`/blog/post/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    const url = `${PUBLIC_URL}/blog/post/${post.slug}`;
    // The upload's 1200×630 share version, made when it was uploaded.
    const image = `${PUBLIC_URL}/uploads/${post.featuredImage.replace(/\.png$/, '-share.jpg')}`;
    expect(titleOf(html)).toBe('Vocal chains that &quot;just work&quot; | Mixdown Studio');
    expect(metas(html, 'description')).toEqual(['Three vocal chains & the settings we start from.']);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metas(html, 'og:type')).toEqual(['article']);
    expect(metas(html, 'og:title')).toEqual(['Vocal chains that "just work"']);
    expect(metas(html, 'og:description')).toEqual(['Three vocal chains & the settings we start from.']);
    expect(metas(html, 'og:url')).toEqual([url]);
    expect(metas(html, 'og:image')).toEqual([image]);
    expect(metas(html, 'og:image:width')).toEqual(['1200']);
    expect(metas(html, 'og:image:height')).toEqual(['630']);
    expect(metas(html, 'og:site_name')).toEqual(['Mixdown Studio']);
    expect(metas(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metas(html, 'twitter:title')).toEqual(['Vocal chains that "just work"']);
    expect(metas(html, 'twitter:image')).toEqual([image]);
    expect(metas(html, 'article:published_time')).toEqual(['2024-03-01T10:00:00.000Z']);
    expect(metas(html, 'article:modified_time')).toEqual([post.updatedAt]);
    expect(metas(html, 'article:section')).toEqual(['Mixing']);
    expect(metas(html, 'article:tag')).toEqual(['EQ & Compression', 'Vocals']);
    expect(html).toContain(
      '<script id="site-config" type="application/json">{"name":"Mixdown Studio"}</script>',
    );
  });

  it('adds JSON-LD BlogPosting that parses', async () => {
    const html = (await t.http().get(`/blog/post/${post.slug}`)).text;
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const ld = JSON.parse(json ?? 'null');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Vocal chains that "just work"',
      description: 'Three vocal chains & the settings we start from.',
      datePublished: '2024-03-01T10:00:00.000Z',
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: 'Sam Producer' },
      publisher: { '@type': 'Organization', name: 'Mixdown Studio' },
      image: [`${PUBLIC_URL}/uploads/${post.featuredImage.replace(/\.png$/, '-share.jpg')}`],
      articleSection: ['Mixing'],
      keywords: ['EQ & Compression', 'Vocals'],
    });
  });

  it('cannot be broken out of by a title that contains markup', async () => {
    const res = await t.http().get('/blog/post/breaking-scriptscriptalert1script-more');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(titleOf(res.text)).toBe(
      'Breaking &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more | Mixdown Studio',
    );
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.text)?.[1] ?? '';
    expect(JSON.parse(json).headline).toBe('Breaking </script><script>alert(1)</script> & more');
    expect(metas(res.text, 'twitter:card')).toEqual(['summary']);
    expect(metas(res.text, 'og:image')).toEqual([]);
  });

  it('serves the shell with 404 and noindex for a draft or unknown post', async () => {
    for (const slug of ['unfinished-draft', 'no-such-post', '%E2%9C%93']) {
      const res = await t.http().get(`/blog/post/${slug}`);
      expect([slug, res.status]).toEqual([slug, 404]);
      expect(titleOf(res.text)).toBe('Post Not Found | Mixdown Studio');
      expect(metas(res.text, 'robots')).toEqual(['noindex']);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('gives the home page and the blog index their title, description and canonical URL', async () => {
    const home = await t.http().get('/');
    expect(home.status).toBe(200);
    expect(titleOf(home.text)).toBe('Mixdown Studio');
    expect(metas(home.text, 'description')).toEqual([expect.stringContaining('mixing, mastering')]);
    expect(home.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"/>`);
    expect(metas(home.text, 'og:type')).toEqual(['website']);
    const blog = await t.http().get('/blog/?category=1');
    expect(titleOf(blog.text)).toBe('Blog | Mixdown Studio');
    expect(blog.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog"/>`);
    const unknown = await t.http().get('/nowhere/at-all');
    expect(unknown.status).toBe(404);
    expect(titleOf(unknown.text)).toBe('Page Not Found | Mixdown Studio');
    const api = await t.http().get('/api/blog/nothing');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('lists the static pages, the blog and every published post with lastmod in /sitemap.xml', async () => {
    const res = await t.http().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.text;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of [
      '/',
      '/contact',
      '/services-checkout',
      '/blog',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
    }
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blog/post/${post.slug}</loc><lastmod>${post.updatedAt}</lastmod></url>`,
    );
    expect(xml).not.toContain('unfinished-draft');
    expect(xml.match(/<url>/g)).toHaveLength(8);
    expect(xml).not.toContain('/test-contact');
  });

  it('publishes the newest 20 posts as RSS 2.0 with everything escaped', async () => {
    for (let i = 1; i <= 21; i++) {
      await createPost(t, tk.admin, {
        title: `Feed item ${i}`,
        status: 'published',
        publishedAt: new Date(Date.UTC(2025, 0, i)).toISOString(),
      });
    }
    const res = await t.http().get('/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.text;
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>Mixdown Studio</title>');
    expect(xml).toContain(`<link>${PUBLIC_URL}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/rss.xml" rel="self" type="application/rss+xml"/>`);
    const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
    expect(items).toHaveLength(20);
    expect(items[0]).toContain('<title>Feed item 21</title>');
    expect(items[0]).toContain(`<guid isPermaLink="true">${PUBLIC_URL}/blog/post/feed-item-21</guid>`);
    expect(items[0]).toContain(`<pubDate>${new Date(Date.UTC(2025, 0, 21)).toUTCString()}</pubDate>`);
    expect(items[0]).toContain('<dc:creator>Sam Producer</dc:creator>');
    expect(xml).not.toContain('Feed item 1<');
    // Text in XML never carries a bare < or & (the content is HTML, escaped as text).
    for (const item of items) {
      const inner = item.replace(/<\/?[a-zA-Z:]+(\s[^>]*)?\/?>/g, '');
      expect(inner).not.toMatch(/<|&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
  });

  it('points robots.txt at the sitemap and keeps crawlers out of /admin and /api', async () => {
    const res = await t.http().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain('Disallow: /admin$\n');
    expect(res.text).toContain('Disallow: /admin/\n');
    expect(res.text).not.toMatch(/Disallow: \/admin\n/);
    expect(res.text).toContain('Disallow: /api');
    expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('uses the blog name from the settings in titles and the feed as soon as it changes', async () => {
    const put = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({ blogName: 'Night Shift Audio', siteDescription: 'Mixes & masters after dark.' });
    expect(put.status).toBe(200);
    const page = await t.http().get(`/blog/post/${post.slug}`);
    expect(titleOf(page.text)).toBe('Vocal chains that &quot;just work&quot; | Night Shift Audio');
    expect(page.text).toContain('{"name":"Night Shift Audio"}');
    const home = await t.http().get('/');
    expect(titleOf(home.text)).toBe('Night Shift Audio');
    expect(metas(home.text, 'description')).toEqual(['Mixes & masters after dark.']);
    const rss = await t.http().get('/rss.xml');
    expect(rss.text).toContain('<title>Night Shift Audio</title>');
    expect(rss.text).toContain('<description>Mixes &amp; masters after dark.</description>');
  });
});
