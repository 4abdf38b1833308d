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

type InjectedSettings = Partial<Record<keyof SiteBranding, unknown>>;

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

export function readSiteBranding(): SiteBranding {
  const injected = injectedSettings();
  return {
    name: text(injected.name, DEFAULT_SITE_NAME),
    instagramUrl: text(injected.instagramUrl, DEFAULT_INSTAGRAM_URL),
  };
}
