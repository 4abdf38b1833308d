/** Business constants of spec §9 that are not prices. */
export const REFERRAL = {
  defaultDiscountPercent: 10,
  validityMonths: 6,
  codeLength: 8,
  /** No 0/O, 1/I/L: codes are read aloud and typed from screenshots. */
  alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
} as const;

export const DELIVERY = {
  businessDays: 3,
  bookingPromise: '3-5 days',
  contactReplyHours: '24-48 hours',
} as const;
export const REVISIONS = { standardRounds: 2, requestWithinDays: 14 } as const;
export const FILE_RETENTION_DAYS = 90;
export const CHILDREN_AGE_LIMIT = 16;
export const PORTFOLIO_EXCERPT_MAX_SECONDS = 60;
export const COPY_CONFIRMATION_MS = 2000;

export const TOASTS = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const;

/** Mail the site sends to an address a visitor typed (not yet proven theirs). */
export const VISITOR_MAIL = {
  /** Thank-you and confirmation mails one address can receive per UTC day, whoever asks. */
  perAddressPerDay: 3,
  /** How long a newsletter confirmation link works. */
  confirmLinkDays: 7,
} as const;

export const PAGINATION = {
  /** Largest `limit` any list endpoint accepts (admin and public). */
  maxLimit: 100,
  /** Largest `offset` any list endpoint accepts: far past any real list, well inside PostgreSQL's range. */
  maxOffset: 1_000_000,
  adminPageSizes: [5, 10, 20, 50] as const,
  adminDefaultPageSize: 10,
  adminSearchDebounceMs: 300,
  dashboardFetchLimit: 100,
  dashboardRecentCount: 5,
  blogPageSize: 6,
  blogRecentCount: 4,
  /** The public blog's search box waits this long after the last key, like the admin list. */
  blogSearchDebounceMs: 300,
} as const;

export const BLOG = {
  excerptLength: 150,
  wordsPerMinute: 300,
  recommendedMetaTitle: [30, 60] as const,
  recommendedMetaDescription: [120, 160] as const,
  featuredImage: { width: 1200, height: 630 },
  rssItems: 20,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 768,
  sectionScrollOffsetPx: 100,
  tooltipDelayMs: 700,
  editorMinHeightPx: 400,
} as const;

export const AUTH_TOKEN_KEY = 'authToken';
export const ROLES = ['admin', 'editor', 'author'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['admin', 'editor'];
export const POST_STATUSES = ['draft', 'published', 'archived'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Home page section ids in page order (spec §2). */
export const HOME_SECTIONS = [
  'pricing',
  'what-if',
  'services',
  'about',
  'portfolio',
  'testimonials',
  'newsletter',
] as const;
