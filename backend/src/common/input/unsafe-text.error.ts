import { MESSAGES } from '@studio/shared';
import { badRequest } from '../errors/app.exception';

export const UNSAFE_TEXT_CODE = 'INVALID_CHARACTERS';

/** The one 400 for a NUL byte or a broken Unicode character, naming where it was found. */
export function unsafeTextError(field: string) {
  return badRequest(MESSAGES.unsafeText, UNSAFE_TEXT_CODE, [{ field, message: MESSAGES.unsafeText }]);
}
