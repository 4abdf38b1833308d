/**
 * Post HTML is cleaned on write with an allowlist that fits the rich-text editor's output
 * (headings, paragraphs, lists, quotes, code, links, images, tables, text alignment). Anything
 * else (scripts, event handlers, javascript: or data: URLs, iframes, forms, inline styles other
 * than alignment) is dropped, so the public site can render the stored HTML as it is.
 */
import sanitizeHtml from 'sanitize-html';

const ALIGNABLE = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'span', 'blockquote', 'td', 'th', 'div'];
const ALIGNMENT = { 'text-align': [/^(left|right|center|justify)$/] };
const LINK_REL = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored']);
/** Images come from the web or from this site's media library; never data: or javascript:. */
const IMAGE_SRC = /^(https?:\/\/[^\s]+|\/uploads\/[A-Za-z0-9._-]+)$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    ...Object.fromEntries(ALIGNABLE.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
  },
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedStyles: Object.fromEntries(ALIGNABLE.map((t) => [t, ALIGNMENT])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      const rel = new Set(
        (attribs.rel ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((r) => LINK_REL.has(r)),
      );
      if (attribs.target === '_blank') {
        // A new tab must not get a handle on this page (reverse tabnabbing).
        rel.add('noopener').add('noreferrer');
      } else {
        delete out.target;
      }
      if (rel.size) out.rel = [...rel].join(' ');
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      for (const dim of ['width', 'height'] as const) {
        if (out[dim] !== undefined && !/^\d{1,5}%?$/.test(out[dim])) delete out[dim];
      }
      return { tagName, attribs: out };
    },
  },
  // An image whose source is not allowed is dropped entirely rather than left without a src.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test((frame.attribs.src ?? '').trim()),
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** An image from this site's media library: `/uploads/{name}`. */
const UPLOAD_SRC = /^\/uploads\/([A-Za-z0-9._-]+)$/;

function uploadName(attribs: sanitizeHtml.Attributes): string | null {
  return UPLOAD_SRC.exec((attribs.src ?? '').trim())?.[1] ?? null;
}

function unsized(attribs: sanitizeHtml.Attributes): boolean {
  return attribs.width === undefined && attribs.height === undefined;
}

/** Passes already-clean HTML through the allowlist again with another treatment of images. */
function withImages(html: string, img: sanitizeHtml.Transformer): string {
  return sanitizeHtml(html, { ...OPTIONS, transformTags: { ...OPTIONS.transformTags, img } }).trim();
}

/** Media-library images in clean post HTML that carry neither a width nor a height. */
export function unsizedUploads(html: string): string[] {
  const names = new Set<string>();
  withImages(html, (tagName, attribs) => {
    const name = uploadName(attribs);
    if (name && unsized(attribs)) names.add(name);
    return { tagName, attribs };
  });
  return [...names];
}

/**
 * Writes each media-library image's intrinsic size into clean post HTML, so the page reserves
 * its space before it loads. Sizes an author set in the editor are kept.
 */
export function withImageSizes(
  html: string,
  sizes: ReadonlyMap<string, { width: number; height: number }>,
): string {
  return withImages(html, (tagName, attribs) => {
    const size = sizes.get(uploadName(attribs) ?? '');
    if (!size || !unsized(attribs)) return { tagName, attribs };
    return { tagName, attribs: { ...attribs, width: String(size.width), height: String(size.height) } };
  });
}
