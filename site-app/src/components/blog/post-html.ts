/**
 * Small adjustments to a post's HTML before it is shown. The server has already sanitised it
 * (an allowlist on write); these only fit it into the page: the page's title is its one h1, so
 * an h1 from the editor becomes an h2, and images load lazily.
 */
export function articleHtml(html: string): string {
  return html
    .replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2')
    .replace(/<img(?=[\s/>])(?![^>]*\sloading=)/gi, '<img loading="lazy" decoding="async"');
}
