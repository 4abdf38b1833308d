import { useCallback } from 'react';
import { ApiError, errorMessage, type ErrorCode } from '@studio/shared';
import { useToast } from './toast-context';

/**
 * What a failure says to the visitor: a sentence of our own as it is; an API failure's own
 * sentence (`{ success: false, message, code }`) when the server sent one; else `fallback`.
 */
export function describeError(cause: unknown, fallback?: string): string | undefined {
  if (typeof cause === 'string') return cause || fallback;
  if (fallback === undefined) return cause instanceof ApiError ? cause.serverMessage : undefined;
  return errorMessage(cause, fallback);
}

/** The error code of an API failure, for the few places that act on it. */
export function errorCode(cause: unknown): ErrorCode | undefined {
  return cause instanceof ApiError ? cause.body?.code : undefined;
}

export type ShowError = (title: string, cause?: unknown, fallback?: string) => void;

/** The one place on the public site where a failure becomes a (destructive) toast. */
export function useErrorToast(): ShowError {
  const { toast } = useToast();
  return useCallback(
    (title, cause, fallback) =>
      toast({ title, description: describeError(cause, fallback), variant: 'destructive' }),
    [toast],
  );
}

/** A failed call: the server's own sentence when it sent one, else the page's fallback. */
export const useApiErrorToast: () => (title: string, error: unknown, fallback: string) => void =
  useErrorToast;
