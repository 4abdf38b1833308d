import { PRERENDER_TOKENS } from '@studio/shared';
import type { SiteConfig } from './site-config.types';

/**
 * site-config.ts as the shell's build-time prerender sees it: stand-ins the backend replaces
 * with the live values on every request (see PRERENDER_TOKENS). Implements SiteConfig.
 */
const config: SiteConfig = {
  SITE_NAME: PRERENDER_TOKENS.siteName,
  INSTAGRAM_URL: PRERENDER_TOKENS.instagramUrl,
  copyrightYear: () => PRERENDER_TOKENS.year,
};

export const { SITE_NAME, INSTAGRAM_URL, copyrightYear } = config;
