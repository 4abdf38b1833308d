/**
 * Staff accounts: sign-in, sessions, password reset, invitations, two-factor sign-in, the
 * audit log and data requests. Rules, limits, messages, error codes and payloads shared by
 * the backend and both front ends.
 */
import type { PublicUser } from './api-types';
import type { Role } from './business';
import { MESSAGES } from './limits';

export const ACCOUNT_RULES = {
  /** A reset link works once, for this long. */
  resetTokenMinutes: 30,
  /** An invitation link works once, for this long. */
  inviteTokenHours: 72,
  /** A second-step challenge after a correct password lives this long. */
  twoFactorChallengeMinutes: 5,
  recoveryCodeCount: 10,
  /** Failures before an account is locked; each further failure doubles the lock. */
  loginFailuresBeforeLock: 5,
  loginLockBaseSeconds: 30,
  loginLockMaxSeconds: 15 * 60,
  /** A session (and its token) lasts this long unless it is ended first. */
  sessionDays: 7,
  /**
   * The browser's access token (the httpOnly authToken cookie) lives this long; the refresh
   * cookie renews it, and is itself replaced on every renewal.
   */
  accessTokenMinutes: 15,
  /**
   * Two requests renewing at once both send the same refresh cookie; the one that loses the race
   * still gets an access token if it comes this soon after the rotation. Later, an old refresh
   * token is a stolen one and ends the session.
   */
  refreshReuseGraceSeconds: 30,
} as const;

/** The httpOnly, SameSite=Strict cookie holding the browser session's rotating refresh token. */
export const AUTH_REFRESH_COOKIE = 'authRefresh';

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid username or password.',
  accountLocked: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  registrationUnavailable:
    'We could not create an account with those details. If you already have an account, sign in or reset your password.',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  forgotAnswer: 'If an account uses that address, we have sent it a link to reset the password.',
  resetTokenInvalid:
    'This reset link is invalid, has expired or has already been used. Please ask for a new one.',
  inviteTokenInvalid: 'This invitation link is invalid, has expired or has already been used.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  currentPasswordWrong: 'Your current password is not correct.',
  twoFactorCodeWrong: 'That code is not correct. Please try again.',
  twoFactorChallengeInvalid: 'Your sign-in step has expired. Please sign in again.',
  twoFactorRequiredSetup: 'Your studio requires two-factor sign-in. Please set it up on your profile page.',
  lastAdmin: 'The last active admin can be neither demoted nor deactivated.',
  emailInUse: 'An account with that email already exists.',
  dataRequestEmail: MESSAGES.email,
  crossSite: 'This request came from another site, so it was refused. Please try again from our own pages.',
  twoFactorUnavailable:
    'Two-factor codes cannot be checked just now. Please try again in a minute, or use a recovery code.',
} as const;

/** Machine codes of the account features (the `code` of the one error shape). */
export const ACCOUNT_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'REGISTRATION_UNAVAILABLE',
  'PASSWORD_TOO_COMMON',
  'RESET_TOKEN_INVALID',
  'INVITE_TOKEN_INVALID',
  'CURRENT_PASSWORD_WRONG',
  'TWO_FACTOR_CODE_WRONG',
  'TWO_FACTOR_CHALLENGE_INVALID',
  'TWO_FACTOR_NOT_ENROLLING',
  'LAST_ADMIN',
  'EMAIL_IN_USE',
  'SESSION_ENDED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_ALREADY_ON',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** `POST /api/login` when the password was right but a second step is needed. */
/** The staff sign-in page (issue 22): where /admin sends a signed-out visitor. */
export const STAFF_SIGN_IN_PATH = '/admin/login';

/**
 * Where the staff sign-in may send someone once signed in: a page of the staff area (the admin
 * pages or the queue dashboard) on this site, as a path. Anything else (another site, a
 * protocol-relative `//host`, a backslash trick, the sign-in page itself) gives the dashboard.
 */
export function staffReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/admin';
  // Control characters and backslashes can make a browser read a path as another host.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch === '\\' || code < 0x20 || code === 0x7f) return '/admin';
  }
  let url: URL;
  try {
    url = new URL(value, 'https://staff.invalid');
  } catch {
    return '/admin';
  }
  if (url.origin !== 'https://staff.invalid' || !value.startsWith('/')) return '/admin';
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return '/admin';
  if (url.pathname === STAFF_SIGN_IN_PATH || url.pathname.startsWith(`${STAFF_SIGN_IN_PATH}/`))
    return '/admin';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The staff sign-in page, returning to `returnTo` afterwards. */
export function staffSignInPath(returnTo?: string): string {
  const target = staffReturnPath(returnTo);
  return target === '/admin'
    ? STAFF_SIGN_IN_PATH
    : `${STAFF_SIGN_IN_PATH}?redirect=${encodeURIComponent(target)}`;
}

export interface TwoFactorChallengeResponse {
  success: true;
  twoFactorRequired: true;
  challenge: string;
  message: string;
}
export interface TwoFactorLoginRequest {
  challenge: string;
  code: string;
}

export interface ForgotPasswordRequest {
  email: string;
}
export interface ResetPasswordRequest {
  token: string;
  password: string;
}
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export type StaffStatus = 'active' | 'invited' | 'deactivated';

/** One row of `/admin/users`. */
export interface StaffUser extends PublicUser {
  status: StaffStatus;
  twoFactorEnabled: boolean;
  lastSignInAt: string | null;
}
export interface StaffListResponse {
  success: true;
  users: StaffUser[];
  requireTwoFactor: boolean;
}
export interface InviteStaffRequest {
  email: string;
  role: Role;
  displayName?: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}
export interface TwoFactorEnrolment {
  success: true;
  /** otpauth:// URI and the same as a PNG data URL, for the authenticator app. */
  otpauthUrl: string;
  qrCodeDataUrl: string;
  /** Base32, for typing in by hand. */
  secret: string;
}
export interface RecoveryCodesResponse {
  success: true;
  recoveryCodes: string[];
}

/** What the audit log records. Other features add theirs here. */
export const AUDIT_ACTIONS = [
  'post.publish',
  'post.unpublish',
  'post.delete',
  'post.samples_remove',
  'category.create',
  'category.update',
  'category.delete',
  'tag.create',
  'tag.update',
  'tag.delete',
  'media.upload',
  'media.update',
  'media.delete',
  'comment.moderate',
  'comment.delete',
  'settings.update',
  'security.update',
  'service.create',
  'service.update',
  'service.price',
  'service.delete',
  'payment.refund',
  'newsletter.send',
  'newsletter.pause',
  'newsletter.resume',
  'user.invite',
  'user.invite_resend',
  'user.role',
  'user.deactivate',
  'user.reactivate',
  'user.password_change',
  'user.password_reset',
  'user.2fa_enable',
  'user.2fa_disable',
  'user.2fa_recovery_codes',
  'audit.export',
  'data.export',
  'data.erase',
  'project.version',
  'project.final',
  'project.protection',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the audit log names each action, in words (issue 22). */
const AUDIT_ACTION_LABELS: Partial<Record<string, string>> = {
  'post.publish': 'Published a post',
  'post.unpublish': 'Unpublished a post',
  'post.delete': 'Deleted a post',
  'post.samples_remove': 'Removed the sample posts',
  'category.create': 'Created a category',
  'category.update': 'Changed a category',
  'category.delete': 'Deleted a category',
  'tag.create': 'Created a tag',
  'tag.update': 'Changed a tag',
  'tag.delete': 'Deleted a tag',
  'media.upload': 'Uploaded media',
  'media.update': 'Changed media details',
  'media.delete': 'Deleted media',
  'comment.moderate': 'Moderated a comment',
  'comment.delete': 'Deleted a comment',
  'settings.update': 'Changed the site settings',
  'security.update': 'Changed the security settings',
  'service.create': 'Added a service',
  'service.update': 'Changed a service',
  'service.price': 'Changed a price',
  'service.delete': 'Deleted a service',
  'payment.refund': 'Refunded a payment',
  'newsletter.send': 'Sent a newsletter',
  'newsletter.pause': 'Paused a newsletter',
  'newsletter.resume': 'Resumed a newsletter',
  'user.invite': 'Invited a staff member',
  'user.invite_resend': 'Sent an invitation again',
  'user.role': "Changed a staff member's role",
  'user.deactivate': 'Deactivated a staff account',
  'user.reactivate': 'Reactivated a staff account',
  'user.password_change': 'Changed their password',
  'user.password_reset': 'Reset a password',
  'user.2fa_enable': 'Turned on two-factor sign-in',
  'user.2fa_disable': 'Turned off two-factor sign-in',
  'user.2fa_recovery_codes': 'Made new recovery codes',
  'audit.export': 'Exported the audit log',
  'data.export': "Exported a person's data",
  'data.erase': "Erased a person's data",
  'project.version': 'Posted a version',
  'project.final': 'Uploaded a final file',
  'project.protection': 'Changed preview protection',
};

/** An audit action in words; one added later without a label still reads ('project.hold' -> 'Project hold'). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

export interface AuditEntryDto {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}
export interface AuditListResponse {
  success: true;
  entries: AuditEntryDto[];
  total: number;
}

/** Everything held about one email address (`/admin/data-requests`). */
export interface DataExport {
  email: string;
  exportedAt: string;
  sections: Record<string, unknown[]>;
}
export interface DataErasureResult {
  success: true;
  message: string;
  /** Per feature: rows deleted and rows anonymised. */
  erased: Record<string, { deleted: number; anonymised: number }>;
  /** The client's project files removed from storage after the rows, and those that failed. */
  files: { removed: number; failed: number };
}
