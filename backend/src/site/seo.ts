/**
 * The head tags crawlers and link previews read without running JavaScript: title,
 * description, canonical URL, Open Graph, Twitter card, article times and terms, and JSON-LD.
 * Pure functions of a post and the settings, so they are tested without a server.
 */
import { BLOG, type BlogPostDto, type PostSeo, type SiteSettings } from '@studio/shared';
import { escapeHtml } from './site.service';

export interface HeadMeta {
  title: string;
  description: string;
  /** Extra tags for the head, already escaped. */
  head: string;
}

type PublicPost = BlogPostDto & { seo?: PostSeo | null };

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}"/>`;

/** JSON inside a <script> element: `<` is escaped so `</script>` in a title cannot end it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Absolute URL of a path on this site (publicUrl has no trailing slash). */
export function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function postPath(slug: string): string {
  return `/blog/post/${encodeURIComponent(slug)}`;
}

/** The link-preview image: the SEO override, else the upload's 1200×630 share image, else the upload. */
export function postImage(
  post: PublicPost,
  publicUrl: string,
  shareImage: string | null = null,
): string | null {
  if (post.seo?.ogImage) return post.seo.ogImage;
  const file = shareImage ?? post.featuredImage;
  return file ? absolute(publicUrl, `/uploads/${encodeURIComponent(file)}`) : null;
}

export function postDescription(post: PublicPost): string {
  return (post.metaDescription || post.seo?.description || post.excerpt || '').trim();
}

/** Tags common to every page: description, canonical, the site's Open Graph name. */
function pageTags(settings: SiteSettings, url: string, title: string, description: string): string[] {
  return [
    `<link rel="canonical" href="${escapeHtml(url)}"/>`,
    meta('property', 'og:site_name', settings.blogName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ];
}

/**
 * A plain page (home, blog index, anything else the site knows). A `noindex` page (private to
 * one client, or a step of a flow) gets no canonical URL or link-preview tags: nothing about it
 * is worth sharing or keeping.
 */
export function pageMeta(
  settings: SiteSettings,
  publicUrl: string,
  path: string,
  title: string,
  { noindex = false }: { noindex?: boolean } = {},
): HeadMeta {
  const description = settings.siteDescription;
  if (noindex) return { title, description, head: meta('name', 'robots', 'noindex') };
  const url = absolute(publicUrl, path);
  const head = [
    ...pageTags(settings, url, title, description),
    meta('property', 'og:type', 'website'),
    meta('name', 'twitter:card', 'summary'),
  ];
  return { title, description, head: head.join('') };
}

/** The shell's answer for a path that has no page: a 404 that search engines should drop. */
export function notFoundMeta(settings: SiteSettings, title: string): HeadMeta {
  return {
    title: `${title} | ${settings.blogName}`,
    description: settings.siteDescription,
    head: meta('name', 'robots', 'noindex'),
  };
}

/** `shareImage`: the featured image's 1200×630 share version, when it has one. */
export function postMeta(
  post: PublicPost,
  settings: SiteSettings,
  publicUrl: string,
  shareImage: string | null = null,
): HeadMeta {
  const url = post.seo?.canonical || absolute(publicUrl, postPath(post.slug));
  const socialTitle = post.seo?.title || post.metaTitle || post.title;
  const description = postDescription(post);
  const image = postImage(post, publicUrl, shareImage);
  const published = post.publishedAt ?? post.createdAt;
  const head = [
    ...pageTags(settings, url, socialTitle, description),
    meta('property', 'og:type', 'article'),
    meta('property', 'article:published_time', published),
    meta('property', 'article:modified_time', post.updatedAt),
    ...post.categories.map((c) => meta('property', 'article:section', c.name)),
    ...post.tags.map((t) => meta('property', 'article:tag', t.name)),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ];
  if (image) head.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
  if (image && shareImage && !post.seo?.ogImage) {
    head.push(
      meta('property', 'og:image:width', String(BLOG.featuredImage.width)),
      meta('property', 'og:image:height', String(BLOG.featuredImage.height)),
    );
  }
  const keywords = [...(post.seo?.keywords ?? []), ...(post.focusKeyword ? [post.focusKeyword] : [])];
  if (keywords.length) head.push(meta('name', 'keywords', [...new Set(keywords)].join(', ')));
  const authorName = post.author ? post.author.displayName || post.author.username : null;
  if (authorName) head.push(meta('name', 'author', authorName));

  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: published,
    dateModified: post.updatedAt,
    articleSection: post.categories.map((c) => c.name),
    keywords: post.tags.map((t) => t.name),
    publisher: { '@type': 'Organization', name: settings.blogName, url: publicUrl },
  };
  if (image) jsonLd.image = [image];
  if (authorName) jsonLd.author = { '@type': 'Person', name: authorName };
  head.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  return { title: `${post.title} | ${settings.blogName}`, description, head: head.join('') };
}
