import { slugify } from '@studio/shared';

export const SLUG_MAX = 255;

/** The slug a title or name gives, or `fallback` when it has no letters or digits at all. */
export function slugFrom(text: string, fallback: string): string {
  return slugify(text).slice(0, SLUG_MAX).replace(/-+$/, '') || fallback;
}
