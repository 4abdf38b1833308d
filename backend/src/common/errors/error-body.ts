import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorBody, ErrorCode } from '@studio/shared';
import { AppException } from './app.exception';

const DEFAULT_MESSAGES: Record<number, [string, ErrorCode]> = {
  400: ['The request is not valid.', 'BAD_REQUEST'],
  401: ['Please log in to continue.', 'UNAUTHORIZED'],
  403: ['You do not have permission to do that.', 'FORBIDDEN'],
  404: ['Not found.', 'NOT_FOUND'],
  405: ['Method not allowed.', 'METHOD_NOT_ALLOWED'],
  409: ['That conflicts with existing data.', 'CONFLICT'],
  413: ['The upload is too large.', 'PAYLOAD_TOO_LARGE'],
  414: ['The address is too long.', 'URI_TOO_LONG'],
  415: ['Unsupported content type.', 'UNSUPPORTED_MEDIA_TYPE'],
  429: ['Too many requests. Please wait a moment and try again.', 'RATE_LIMITED'],
  503: ['A service the site depends on is unavailable.', 'SERVICE_UNAVAILABLE'],
};

const INVALID_JSON = 'The request body is not valid JSON.';

/** Error codes meaning PostgreSQL cannot be reached (node: network; SQLSTATE classes 08, 57P). */
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);
const DB_DOWN_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down)/i;

/**
 * A database (or network) outage rather than a bug: the request may succeed in a minute, so it
 * is a 503 the client can retry, not a 500. The pool reconnects by itself once PostgreSQL is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && DB_DOWN_MESSAGE.test(e.message)) return true;
  return e.driverError !== undefined && e.driverError !== error && isDatabaseUnavailable(e.driverError);
}

/** Fastify's own errors (bad JSON, body too large, …) carry a status and an FST_ code. */
interface FrameworkError {
  statusCode?: number;
  status?: number;
  code?: string;
  message?: string;
}

/**
 * Maps anything thrown to a status and the one error shape. Unknown errors become a bare 500
 * whose details stay in the log, never in the response.
 */
export function toErrorBody(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof AppException) {
    const body: ApiErrorBody = { success: false, message: error.message, code: error.code };
    if (error.errors?.length) body.errors = error.errors;
    return { status: error.getStatus(), body };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const [fallback, code] = DEFAULT_MESSAGES[status] ?? ['Request failed.', 'ERROR'];
    let message = fallback;
    if (typeof response === 'string') message = response;
    else if (response && typeof response === 'object' && 'message' in response) {
      const m = (response as { message: unknown }).message;
      if (typeof m === 'string') message = m;
    }
    if (status === HttpStatus.TOO_MANY_REQUESTS) message = DEFAULT_MESSAGES[429][0];
    // Fastify's body parser reaches us through Nest as a plain 400 with its own wording.
    if (
      status === HttpStatus.BAD_REQUEST &&
      /not valid JSON|Unexpected end of JSON|JSON at position/i.test(message)
    )
      message = INVALID_JSON;
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = fallback;
    // Nest's own "Cannot GET /x" wording is for developers; say it plainly.
    if (status === HttpStatus.NOT_FOUND && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message))
      message = fallback;
    return { status, body: { success: false, message, code } };
  }
  const fe = error as FrameworkError | undefined;
  const status = fe?.statusCode ?? fe?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const [fallback, code] = DEFAULT_MESSAGES[status] ?? ['The request is not valid.', 'BAD_REQUEST'];
    const message =
      fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? INVALID_JSON
        : fallback;
    return { status, body: { success: false, message, code } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        success: false,
        message: 'The site is briefly unavailable. Please try again in a minute.',
        code: 'DATABASE_UNAVAILABLE',
      },
    };
  }
  return {
    status: 500,
    body: {
      success: false,
      message: 'Something went wrong on our side. Please try again later.',
      code: 'INTERNAL_ERROR',
    },
  };
}
