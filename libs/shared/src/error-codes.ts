/**
 * Every machine-readable `code` the API puts in its error shape
 * (`{ success: false, message, code, errors? }`, ARCHITECTURE.md §4). The backend's exceptions
 * only accept these, and the front ends branch on them instead of on message text.
 * Add a code here when a new failure needs one.
 */
export const ERROR_CODES = [
  // Generic, one per status (the filter's fallbacks)
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'ERROR',
  'URI_TOO_LONG',
  'LENGTH_REQUIRED',
  'DATABASE_UNAVAILABLE',
  // Input
  'VALIDATION_FAILED',
  'INVALID_CHARACTERS',
  'INPUT_TOO_DEEP',
  'INVALID_MULTIPART',
  'INVALID_ID',
  'INVALID_MONTH',
  // Auth and users
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  // Blog
  'POST_NOT_FOUND',
  'SLUG_TAKEN',
  'STALE_REFERENCE',
  'CATEGORY_EXISTS',
  'TAG_EXISTS',
  'CATEGORY_SLUG_EXISTS',
  'TAG_SLUG_EXISTS',
  'CATEGORY_NOT_FOUND',
  'TAG_NOT_FOUND',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_TAG',
  'COMMENT_NOT_FOUND',
  'INVALID_PARENT',
  'UNKNOWN_PARENT',
  // Media and uploads
  'MEDIA_NOT_FOUND',
  'UNKNOWN_MEDIA',
  'FILE_REQUIRED',
  'EMPTY_FILE',
  'UNEXPECTED_FILE',
  'UNSUPPORTED_FILE_TYPE',
  'BAD_FILE_NAME',
  'UNREADABLE_IMAGE',
  // Services and payments
  'SERVICE_NOT_FOUND',
  'UNKNOWN_SERVICE',
  'INVALID_SERVICE_ID',
  'INVALID_AMOUNT',
  'PAYMENT_NOT_FOUND',
  'PAYMENTS_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
  'INVALID_SIGNATURE',
  // Referrals and newsletter
  'INVALID_REFERRAL_CODE',
  'OWN_REFERRAL_CODE',
  'REFERRAL_EMAIL_REQUIRED',
  'REFERRAL_DAILY_LIMIT',
  'REFERRAL_CODE_RESERVED',
  'REFERRAL_NEW_CUSTOMERS_ONLY',
  'INVALID_UNSUBSCRIBE_TOKEN',
  // Mail
  'MAIL_QUEUE_UNAVAILABLE',
  // Client projects and the portal
  'PROJECT_NOT_FOUND',
  'PROJECT_CLOSED',
  'PROJECT_CHANGED',
  'PROJECT_TOO_LARGE',
  'INVALID_TRANSITION',
  'FILE_NOT_FOUND',
  'FILE_TOO_LARGE',
  'LINK_INVALID',
  'PORTAL_SIGN_IN_REQUIRED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
