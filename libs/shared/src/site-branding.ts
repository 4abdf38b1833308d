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

/**
 * The studio mark (equaliser bars in a rounded square), drawn in a 40×40 view box: the inside
 * of one `<svg>`, so the site's header and the admin's sider render the same drawing.
 */
export const STUDIO_MARK = {
  viewBox: '0 0 40 40',
  body:
    '<rect x="1" y="1" width="38" height="38" rx="10" fill="#171a22" stroke="#f5b942" stroke-width="2"/>' +
    '<g fill="#f5b942"><rect x="9" y="18" width="3.5" height="13" rx="1.75"/>' +
    '<rect x="15" y="10" width="3.5" height="21" rx="1.75"/>' +
    '<rect x="21" y="14" width="3.5" height="17" rx="1.75"/>' +
    '<rect x="27" y="21" width="3.5" height="10" rx="1.75"/></g>' +
    '<circle cx="31" cy="11" r="3" fill="#ff6b5a"/>',
} as const;
