import { ApiError } from '@studio/shared';

/**
 * Why a call failed, in words for a toast: the server's sentence when it sent one, else the
 * error's own message ("{status}: {body}" for an HTTP failure, spec §7), else `fallback`.
 */
export function failureReason(error: unknown, fallback = 'Unknown error occurred'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The per-field messages of a 400 (`errors: [{ field, message }]`), if the server sent any. */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.errors)) return [];
  return error.body.errors.filter((e) => typeof e?.field === 'string' && typeof e?.message === 'string');
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
