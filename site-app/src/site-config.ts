import { readSiteBranding } from '@studio/shared';

/**
 * Site settings injected by the backend into index.html, read once. The shell's build-time
 * prerender swaps this module for site-config.prerender.ts: keep the two exporting the same names.
 */
const settings = readSiteBranding();

export const SITE_NAME = settings.name;
export const INSTAGRAM_URL = settings.instagramUrl;

/** The year in the footer's copyright line. */
export function copyrightYear(): string {
  return String(new Date().getFullYear());
}
