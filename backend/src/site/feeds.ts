/**
 * The sitemap, the RSS 2.0 feed and robots.txt, as pure functions of posts and settings.
 * Every text that goes into XML passes through `xml()`, which also drops the control
 * characters XML 1.0 forbids (one stray byte in a title would break a whole feed).
 */
import { indexablePaths, type BlogPostDto, type SiteSettings } from '@studio/shared';
import { absolute, postDescription, postImage, postPath } from './seo';

/**
 * Public pages of spec §2 worth a search engine's time (no test tools, checkout steps or account
 * pages): the indexable routes of the shared list.
 */
export const SITEMAP_PAGES = indexablePaths();
/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

export function xml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
      )
  );
}

export function sitemapXml(publicUrl: string, posts: { slug: string; updatedAt: Date }[]): string {
  const newest = posts.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const urls = SITEMAP_PAGES.map((path) => {
    const lastmod = path === '/blog' && newest ? `<lastmod>${newest.toISOString()}</lastmod>` : '';
    return `<url><loc>${xml(absolute(publicUrl, path))}</loc>${lastmod}</url>`;
  });
  for (const p of posts.slice(0, SITEMAP_MAX_URLS - urls.length)) {
    urls.push(
      `<url><loc>${xml(absolute(publicUrl, postPath(p.slug)))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Relative media links in post HTML become absolute: a feed reader has no page to resolve them against. */
function absoluteMedia(html: string, publicUrl: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${publicUrl}/`);
}

export function rssXml(publicUrl: string, settings: SiteSettings, posts: BlogPostDto[]): string {
  const items = posts.map((p) => {
    const link = absolute(publicUrl, postPath(p.slug));
    const date = new Date(p.publishedAt ?? p.createdAt).toUTCString();
    const author = p.author ? p.author.displayName || p.author.username : null;
    const image = postImage(p, publicUrl);
    const featured = image ? `<p><img src="${escapeAttr(image)}" alt=""/></p>` : '';
    return [
      '<item>',
      `<title>${xml(p.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      `<pubDate>${date}</pubDate>`,
      author ? `<dc:creator>${xml(author)}</dc:creator>` : '',
      ...p.categories.map((c) => `<category>${xml(c.name)}</category>`),
      ...p.tags.map((t) => `<category>${xml(t.name)}</category>`),
      `<description>${xml(postDescription(p))}</description>`,
      `<content:encoded>${xml(featured + absoluteMedia(p.content, publicUrl))}</content:encoded>`,
      '</item>',
    ].join('');
  });
  const built = posts.length ? new Date(posts[0].updatedAt).toUTCString() : new Date().toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xml(settings.blogName)}</title>`,
    `<link>${xml(absolute(publicUrl, '/blog'))}</link>`,
    `<description>${xml(settings.siteDescription)}</description>`,
    '<language>en-gb</language>',
    `<lastBuildDate>${built}</lastBuildDate>`,
    `<atom:link href="${xml(absolute(publicUrl, '/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function escapeAttr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    // '$' ends the match, so /admin-email-test is not caught by the rule for the staff area.
    'Disallow: /admin$',
    'Disallow: /admin/',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
