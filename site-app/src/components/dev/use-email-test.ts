import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@studio/shared';
import type { EmailTestResponse } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { useErrorToast } from '../../toast/use-api-error-toast';

function serverError(body: Partial<EmailTestResponse> | null | undefined): string | undefined {
  const text = body?.error ?? body?.message;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/**
 * One email test: sends, keeps the raw answer for the page to show, and toasts the outcome with
 * the words of spec §8.
 */
export function useEmailTest<TInput>(send: (input: TInput) => Promise<EmailTestResponse>) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const [result, setResult] = useState<unknown>(undefined);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (res) => {
      setResult(res);
      if (res?.success) {
        toast({
          title: 'Test Email Sent!',
          description: res.message || 'Check the inbox for the test email.',
        });
      } else {
        showError('Failed to send email', serverError(res), 'Unknown error occurred');
      }
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setResult(error.body ?? { status: error.status, message: error.message });
        showError(
          'Failed to send email',
          serverError(error.body as Partial<EmailTestResponse> | null),
          'Unknown error occurred',
        );
      } else {
        const message = error instanceof Error ? error.message : '';
        setResult({ error: message || 'Failed to send test email' });
        showError('Error', message, 'Failed to send test email');
      }
    },
  });

  return { mutation, result };
}
