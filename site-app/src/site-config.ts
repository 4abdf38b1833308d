/** Site settings injected by the backend into index.html, with the defaults of ARCHITECTURE §3. */
const injected: SiteSettings = (typeof window !== 'undefined' && window.__SITE__) || {};

export const SITE_NAME = injected.name?.trim() || 'Mixdown Studio';
export const INSTAGRAM_URL = injected.instagramUrl?.trim() || 'https://www.instagram.com/';
