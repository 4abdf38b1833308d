import { HttpException, HttpStatus } from '@nestjs/common';

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
    readonly code: string,
    readonly errors?: FieldError[],
  ) {
    super({ message, code, errors }, status);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', errors?: FieldError[]) =>
  new AppException(HttpStatus.BAD_REQUEST, message, code, errors);
export const unauthorized = (message = 'Please log in to continue.', code = 'UNAUTHORIZED') =>
  new AppException(HttpStatus.UNAUTHORIZED, message, code);
export const forbidden = (message = 'You do not have permission to do that.', code = 'FORBIDDEN') =>
  new AppException(HttpStatus.FORBIDDEN, message, code);
export const notFound = (message: string, code = 'NOT_FOUND') =>
  new AppException(HttpStatus.NOT_FOUND, message, code);
export const conflict = (message: string, code = 'CONFLICT') =>
  new AppException(HttpStatus.CONFLICT, message, code);
export const tooLarge = (message: string, code = 'PAYLOAD_TOO_LARGE') =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, message, code);
export const unsupportedType = (message: string, code = 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, message, code);
export const unavailable = (message: string, code = 'SERVICE_UNAVAILABLE') =>
  new AppException(HttpStatus.SERVICE_UNAVAILABLE, message, code);
