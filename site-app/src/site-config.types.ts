/**
 * What the site reads about the studio before its first call. Two modules implement it:
 * site-config.ts (the live values the backend injects into the page) and
 * site-config.prerender.ts (stand-ins the shell's build-time prerender writes, swapped for the
 * live values by the backend on every request). The shell's webpack build for the prerender
 * aliases one to the other, so both must export exactly these names.
 */
export interface SiteConfig {
  readonly SITE_NAME: string;
  readonly INSTAGRAM_URL: string;
  /** The year in the footer's copyright line. */
  copyrightYear(): string;
}
