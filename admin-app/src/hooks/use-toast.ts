import { useMemo } from 'react';
import { App } from 'antd';
import { errorMessage } from '@studio/shared';

export interface Toast {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  info(title: string, description?: string): void;
  /**
   * The one place a failed call becomes a message (STYLE §5): 'Error' with the server's
   * sentence, or `fallback` when it sent none.
   */
  failure(error: unknown, fallback: string): void;
}

/** Toasts as the spec writes them: a title and an optional description (antd notifications). */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo<Toast>(
    () => ({
      success: (message, description) => notification.success({ message, description }),
      error: (message, description) => notification.error({ message, description }),
      info: (message, description) => notification.info({ message, description }),
      failure: (error, fallback) =>
        notification.error({ message: 'Error', description: errorMessage(error, fallback) }),
    }),
    [notification],
  );
}
