import { useCallback } from 'react';
import { useToast, type ToastInput } from '../../toast/toast-context';

/**
 * How long a first toast stays alone before a follow-up replaces it. Only one toast shows at a
 * time (spec §9), so a second message right away would hide the first before anyone read it.
 */
export const FOLLOW_UP_TOAST_DELAY_MS = 2500;

/**
 * Shows a toast after FOLLOW_UP_TOAST_DELAY_MS. It still shows if the component has gone by
 * then (the contact form makes way for the deposit step): the news is about what was sent.
 */
export function useFollowUpToast(): (input: ToastInput) => void {
  const { toast } = useToast();
  return useCallback(
    (input: ToastInput) => void setTimeout(() => toast(input), FOLLOW_UP_TOAST_DELAY_MS),
    [toast],
  );
}
