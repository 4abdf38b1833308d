import { MESSAGES, type ErrorCode } from '@studio/shared';
import { badRequest } from '../errors/app.exception';
import type { InputProblem } from './unsafe-text';

export const UNSAFE_TEXT_CODE: ErrorCode = 'INVALID_CHARACTERS';
export const TOO_DEEP_CODE: ErrorCode = 'INPUT_TOO_DEEP';

/** The one 400 for input no handler should see, naming where it was found. */
export function inputProblemError({ field, kind }: InputProblem) {
  const [message, code] =
    kind === 'unsafe-text' ? [MESSAGES.unsafeText, UNSAFE_TEXT_CODE] : [MESSAGES.inputTooDeep, TOO_DEEP_CODE];
  return badRequest(message, code, [{ field, message }]);
}
