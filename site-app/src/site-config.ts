import { readSiteBranding } from '@studio/shared';

/** Site settings injected by the backend into index.html, read once. */
const settings = readSiteBranding();

export const SITE_NAME = settings.name;
export const INSTAGRAM_URL = settings.instagramUrl;
