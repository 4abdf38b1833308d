import { useCallback } from 'react';
import { errorMessage } from '@studio/shared';
import { useToast } from './toast-context';

/**
 * The one place a failed call becomes a toast: the server's own sentence when it sent one
 * (`{ success: false, message }`), else the page's fallback.
 */
export function useApiErrorToast(): (title: string, error: unknown, fallback: string) => void {
  const { toast } = useToast();
  return useCallback(
    (title, error, fallback) =>
      toast({ title, description: errorMessage(error, fallback), variant: 'destructive' }),
    [toast],
  );
}
