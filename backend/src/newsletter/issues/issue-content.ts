/**
 * Turns an issue's stored HTML (already cleaned by the blog's allowlist) into what a mail
 * needs: absolute links and image URLs (a mail has no base URL), images that fit a phone, and
 * a plain-text part.
 */
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/** The stored body already passed the blog's allowlist; this pass only rewrites links and images. */
const TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'del'];
const ATTRIBUTES = [
  'style',
  'title',
  'colspan',
  'rowspan',
  'alt',
  'width',
  'height',
  'src',
  'href',
  'target',
  'rel',
];
const IMG_STYLE = 'max-width:100%;height:auto;border:0;';

function absolute(url: string | undefined, publicUrl: string): string | undefined {
  if (!url) return url;
  return url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
}

/** The issue body as the mail's HTML part shows it. */
export function issueMailHtml(bodyHtml: string, publicUrl: string): string {
  return sanitizeHtml(bodyHtml, {
    allowedTags: TAGS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowedClasses: { code: ['language-*'], pre: ['language-*'] },
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, href: absolute(attribs.href, publicUrl) ?? '', style: 'color:#8f5e13;' },
      }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, src: absolute(attribs.src, publicUrl) ?? '', style: IMG_STYLE },
      }),
    },
  });
}

/** The plain-text part: headings, lists and links ("text [url]") kept readable. */
export function issueMailText(bodyHtml: string, publicUrl: string): string {
  return convert(issueMailHtml(bodyHtml, publicUrl), {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

/** The visible text of the body, to refuse an empty issue. */
export function issueTextLength(bodyHtml: string): number {
  return sanitizeHtml(bodyHtml, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
    .length;
}
