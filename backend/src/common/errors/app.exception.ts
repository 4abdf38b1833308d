import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '@studio/shared';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A failure a service wants the client to see: a status, a human sentence and a machine code.
 * The global filter turns it into `{ success: false, message, code, errors? }`.
 */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly code: ErrorCode,
    readonly errors?: FieldError[],
  ) {
    super({ message, code, errors }, status);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', errors?: FieldError[]) =>
  new AppException(HttpStatus.BAD_REQUEST, message, code, errors);
export const unauthorized = (message = 'Please log in to continue.', code: ErrorCode = 'UNAUTHORIZED') =>
  new AppException(HttpStatus.UNAUTHORIZED, message, code);
export const forbidden = (
  message = 'You do not have permission to do that.',
  code: ErrorCode = 'FORBIDDEN',
) => new AppException(HttpStatus.FORBIDDEN, message, code);
export const notFound = (message: string, code: ErrorCode = 'NOT_FOUND') =>
  new AppException(HttpStatus.NOT_FOUND, message, code);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') =>
  new AppException(HttpStatus.CONFLICT, message, code);
export const tooLarge = (message: string, code: ErrorCode = 'PAYLOAD_TOO_LARGE') =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, message, code);
export const unsupportedType = (message: string, code: ErrorCode = 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, message, code);
export const unavailable = (message: string, code: ErrorCode = 'SERVICE_UNAVAILABLE') =>
  new AppException(HttpStatus.SERVICE_UNAVAILABLE, message, code);
