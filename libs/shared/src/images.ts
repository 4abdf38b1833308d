/**
 * Responsive versions of an uploaded image (issue 15). Every JPEG, PNG or WebP upload is turned
 * once, on the server, into the widths below, each as AVIF, WebP and its own format, cropped to
 * the featured-image shape (1200×630) so the page can reserve the space before it loads, plus a
 * 1200×630 JPEG for link previews. The names are derived from the stored name, so the front end
 * builds `srcset` without asking the server what exists.
 */
import { BLOG } from './business';

export const IMAGE_WIDTHS = [480, 960, 1440] as const;
export type ImageFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** Names the upload store gives files: 32 hex characters and the format. GIFs are kept as they are. */
const VARIANTED = /^([0-9a-f]{32})\.(jpg|png|webp)$/;

/** True when `fileName` is a stored upload that has responsive versions. */
export function hasImageVariants(fileName: string): boolean {
  return VARIANTED.test(fileName);
}

/** The stored name of one version: `{id}-{width}.{format}`. */
export function imageVariantName(fileName: string, width: number, format: ImageFormat): string {
  const id = VARIANTED.exec(fileName)?.[1];
  if (!id) throw new Error(`${fileName} has no responsive versions`);
  return `${id}-${width}.${format}`;
}

/** The upload's own format among the versions (a WebP original has no third format). */
export function originalFormat(fileName: string): ImageFormat {
  const ext = VARIANTED.exec(fileName)?.[2];
  return ext === 'png' ? 'png' : ext === 'webp' ? 'webp' : 'jpg';
}

/** The 1200×630 JPEG used for Open Graph and Twitter cards. */
export function shareImageName(fileName: string): string {
  const id = VARIANTED.exec(fileName)?.[1];
  if (!id) throw new Error(`${fileName} has no share image`);
  return `${id}-share.jpg`;
}

/** The shape every version is cropped to. */
export const VARIANT_ASPECT = BLOG.featuredImage;

/** Height of a version of this width (1200×630 shape). */
export function variantHeight(width: number): number {
  return Math.round((width * VARIANT_ASPECT.height) / VARIANT_ASPECT.width);
}

/**
 * Images inside a post's text keep their own shape (never cropped): they are offered as WebP at
 * the widths below that are narrower than the original, beside the original itself. The server
 * writes each image's intrinsic `width` and `height` into the HTML when the post is saved.
 */
export const CONTENT_IMAGE_WIDTHS = IMAGE_WIDTHS;

/** The stored name of an in-text version: `{id}-w{width}.webp`. */
export function contentVariantName(fileName: string, width: number): string {
  const id = VARIANTED.exec(fileName)?.[1];
  if (!id) throw new Error(`${fileName} has no responsive versions`);
  return `${id}-w${width}.webp`;
}
