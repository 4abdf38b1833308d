import { PRERENDER_TOKENS } from '@studio/shared';
import * as live from './site-config';
import * as prerender from './site-config.prerender';
import type { SiteConfig } from './site-config.types';

describe('site config', () => {
  it('exports the same names from the live and the prerender module', () => {
    // Also checked by the compiler: both modules must be assignable to SiteConfig.
    const modules: SiteConfig[] = [live, prerender];
    expect(Object.keys(live).sort()).toEqual(Object.keys(prerender).sort());
    expect(modules.map((m) => typeof m.copyrightYear())).toEqual(['string', 'string']);
  });

  it('writes the stand-ins the backend replaces', () => {
    expect(prerender.SITE_NAME).toBe(PRERENDER_TOKENS.siteName);
    expect(prerender.INSTAGRAM_URL).toBe(PRERENDER_TOKENS.instagramUrl);
    expect(prerender.copyrightYear()).toBe(PRERENDER_TOKENS.year);
    expect(live.copyrightYear()).toBe(String(new Date().getFullYear()));
  });
});
