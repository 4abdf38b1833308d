/**
 * Settings the backend injects into index.html as `<script id="site-config" type="application/json">`
 * (a data block, not code, so the Content-Security-Policy needs no inline-script exception).
 * `window.__SITE__` is still honoured for dev servers and tests. Safe to import in Node.
 */
export const DEFAULT_SITE_NAME = 'Mixdown Studio';
export const DEFAULT_INSTAGRAM_URL = 'https://www.instagram.com/';

export interface SiteBranding {
  name: string;
  instagramUrl: string;
}

export type InjectedSettings = Partial<Record<keyof SiteBranding, unknown>>;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

function injectedSettings(): InjectedSettings {
  if (typeof window === 'undefined') return {};
  const fromWindow = (window as { __SITE__?: InjectedSettings }).__SITE__;
  if (fromWindow) return fromWindow;
  const block = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as InjectedSettings) : {};
  } catch {
    return {};
  }
}

/** Branding from injected settings: blanks and non-strings fall back to the defaults. */
export function siteBrandingFrom(injected: InjectedSettings): SiteBranding {
  return {
    name: text(injected.name, DEFAULT_SITE_NAME),
    instagramUrl: text(injected.instagramUrl, DEFAULT_INSTAGRAM_URL),
  };
}

export function readSiteBranding(): SiteBranding {
  return siteBrandingFrom(injectedSettings());
}

/**
 * Stand-ins the build-time prerender writes where a page shows a value only known per request
 * (the shell's prerender replaces the site's branding with them); the backend swaps each one for
 * the escaped live value before sending the page, so the HTML matches what the browser renders.
 */
export const PRERENDER_TOKENS = {
  siteName: '%%SITE_NAME%%',
  instagramUrl: '%%INSTAGRAM_URL%%',
  year: '%%YEAR%%',
} as const;
