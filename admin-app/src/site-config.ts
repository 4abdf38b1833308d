import { readSiteBranding } from '@studio/shared';

/** The brand name injected by the backend into index.html, read once. */
export const SITE_NAME = readSiteBranding().name;
