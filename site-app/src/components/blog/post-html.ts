/**
 * Small adjustments to a post's HTML before it is shown. The server has already sanitised it
 * (an allowlist on write) and written each library image's intrinsic width and height; these
 * only fit it into the page: the page's title is its one h1, so an h1 from the editor becomes an
 * h2, images load lazily, and library images offer their narrower WebP versions.
 */
import { CONTENT_IMAGE_WIDTHS, contentVariantName, hasImageVariants } from '@studio/shared';

/** How wide an image in the article's text is drawn (the prose column is at most 50rem). */
export const CONTENT_IMAGE_SIZES = '(min-width: 52rem) 50rem, 100vw';

const LIBRARY_IMG = /<img\s[^>]*>/gi;

/** `srcset` for a library image `width` pixels wide: the narrower versions, then the original. */
function contentSrcSet(fileName: string, width: number): string {
  const narrower = CONTENT_IMAGE_WIDTHS.filter((w) => w < width).map(
    (w) => `/uploads/${contentVariantName(fileName, w)} ${w}w`,
  );
  return [...narrower, `/uploads/${fileName} ${width}w`].join(', ');
}

function withSrcSet(tag: string): string {
  const file = /\ssrc="\/uploads\/([^"]+)"/.exec(tag)?.[1];
  const width = Number(/\swidth="(\d+)"/.exec(tag)?.[1]);
  if (!file || !hasImageVariants(file) || !width || /\ssrcset=/i.test(tag)) return tag;
  return tag.replace(/^<img/i, `<img srcset="${contentSrcSet(file, width)}" sizes="${CONTENT_IMAGE_SIZES}"`);
}

export function articleHtml(html: string): string {
  return html
    .replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2')
    .replace(/<img(?=[\s/>])(?![^>]*\sloading=)/gi, '<img loading="lazy" decoding="async"')
    .replace(LIBRARY_IMG, withSrcSet);
}
