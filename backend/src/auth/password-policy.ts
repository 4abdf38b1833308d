/**
 * Which new passwords are refused: shorter than the minimum, one of the ~50,000 most common
 * passwords (the list bundled with @zxcvbn-ts/language-common, read from disk, no network), or
 * the account's own username or email.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES, LIMITS, MESSAGES } from '@studio/shared';
import { badRequest } from '../common/errors/app.exception';

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws a 400 naming `field` when the password may not be used. */
export function assertPasswordAllowed(
  password: string,
  account: { username?: string | null; email?: string | null } = {},
  field = 'password',
): void {
  if (password.length < LIMITS.user.passwordMin) {
    throw badRequest(MESSAGES.passwordHint, 'VALIDATION_FAILED', [{ field, message: MESSAGES.passwordHint }]);
  }
  const lower = password.toLowerCase();
  const own = [account.username, account.email, account.email?.split('@')[0]]
    .filter((v): v is string => !!v)
    .map((v) => v.toLowerCase());
  if (isCommonPassword(password) || own.includes(lower)) {
    throw badRequest(ACCOUNT_MESSAGES.commonPassword, 'PASSWORD_TOO_COMMON', [
      { field, message: ACCOUNT_MESSAGES.commonPassword },
    ]);
  }
}
