import type { BlogPostDto, SiteSettings } from '@studio/shared';
import { robotsTxt, rssXml, sitemapXml, xml } from './feeds';
import { jsonForScript, postMeta } from './seo';

const settings: SiteSettings = {
  blogName: 'Studio & Co',
  siteDescription: 'Mixes <fast>',
  adminNotifyEmail: 'a@example.com',
  socialLinks: { instagram: null, youtube: null, soundcloud: null, spotify: null, x: null },
};

const post: BlogPostDto = {
  id: 1,
  title: 'A & B <c>',
  slug: 'a-b-c',
  content:
    '<p>Hi <img src="/uploads/x.png" /> <a href="/blog">blog</a> <a href="//cdn.example/x">cdn</a></p>',
  excerpt: 'Hi',
  featuredImage: null,
  status: 'published',
  metaTitle: null,
  metaDescription: null,
  focusKeyword: null,
  readTimeMinutes: 1,
  publishedAt: '2024-01-01T00:00:00.000Z',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
  author: { displayName: null, username: 'sam', bio: null, profileImage: null },
  categories: [],
  tags: [],
};

describe('feeds', () => {
  it('escapes XML text and drops the control characters XML forbids', () => {
    expect(xml(`a & b < c > "d" 'e'\u0001\u0008\u000B\u001F\tok`)).toBe(
      'a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;\tok',
    );
  });

  it('makes relative links in feed content absolute, leaving protocol-relative ones alone', () => {
    const out = rssXml('https://s.example', settings, [post]);
    expect(out).toContain('&lt;img src=&quot;https://s.example/uploads/x.png&quot;');
    expect(out).toContain('href=&quot;https://s.example/blog&quot;');
    expect(out).toContain('href=&quot;//cdn.example/x&quot;');
    expect(out).toContain('<title>Studio &amp; Co</title>');
    expect(out).toContain('<title>A &amp; B &lt;c&gt;</title>');
    expect(out).toContain('<dc:creator>sam</dc:creator>');
  });

  it('dates the blog index in the sitemap by its newest post', () => {
    const out = sitemapXml('https://s.example', [
      { slug: 'old', updatedAt: new Date('2024-01-01T00:00:00Z') },
      { slug: 'new', updatedAt: new Date('2024-05-01T00:00:00Z') },
    ]);
    expect(out).toContain(
      '<url><loc>https://s.example/blog</loc><lastmod>2024-05-01T00:00:00.000Z</lastmod></url>',
    );
    expect(out).toContain(
      '<url><loc>https://s.example/blog/post/old</loc><lastmod>2024-01-01T00:00:00.000Z</lastmod></url>',
    );
  });

  it('points robots.txt at the sitemap', () => {
    expect(robotsTxt('https://s.example')).toContain('Sitemap: https://s.example/sitemap.xml');
  });
});

describe('seo', () => {
  it('keeps JSON inside a script element from closing it', () => {
    const out = jsonForScript({ t: '</script><script>x()</script>\u2028' });
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out)).toEqual({ t: '</script><script>x()</script>\u2028' });
  });

  it('prefers the SEO block for canonical URL, social title and image', () => {
    const meta = postMeta(
      {
        ...post,
        seo: {
          title: 'Social title',
          canonical: 'https://elsewhere.example/a',
          ogImage: 'https://img.example/a.jpg',
        },
      },
      settings,
      'https://s.example',
    );
    expect(meta.title).toBe('A & B <c> | Studio & Co');
    expect(meta.description).toBe('Hi');
    expect(meta.head).toContain('<link rel="canonical" href="https://elsewhere.example/a"/>');
    expect(meta.head).toContain('<meta property="og:title" content="Social title"/>');
    expect(meta.head).toContain('<meta property="og:image" content="https://img.example/a.jpg"/>');
    expect(meta.head).toContain('<meta name="author" content="sam"/>');
  });
});
