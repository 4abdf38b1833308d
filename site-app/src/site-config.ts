import { readSiteBranding } from '@studio/shared';
import type { SiteConfig } from './site-config.types';

/**
 * Site settings injected by the backend into index.html, read once. The shell's build-time
 * prerender swaps this module for site-config.prerender.ts; both implement SiteConfig.
 */
const settings = readSiteBranding();

const config: SiteConfig = {
  SITE_NAME: settings.name,
  INSTAGRAM_URL: settings.instagramUrl,
  copyrightYear: () => String(new Date().getFullYear()),
};

export const { SITE_NAME, INSTAGRAM_URL, copyrightYear } = config;
