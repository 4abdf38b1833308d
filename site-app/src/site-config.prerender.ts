import { PRERENDER_TOKENS } from '@studio/shared';

/**
 * site-config.ts as the shell's build-time prerender sees it: stand-ins the backend replaces
 * with the live values on every request (see PRERENDER_TOKENS).
 */
export const SITE_NAME: string = PRERENDER_TOKENS.siteName;
export const INSTAGRAM_URL: string = PRERENDER_TOKENS.instagramUrl;

export function copyrightYear(): string {
  return PRERENDER_TOKENS.year;
}
