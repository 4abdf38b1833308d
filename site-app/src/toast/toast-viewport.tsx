import * as Toast from '@radix-ui/react-toast';
import { TOASTS } from '@studio/shared';
import type { ToastInput } from './toast-context';

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastViewportProps {
  toasts: ToastItem[];
  onDismiss: (id: number) => void;
}

/**
 * The Radix toast region (spec §9): shown for TOASTS.durationMs, swiped away to the right past
 * TOASTS.swipeThresholdPx, focused with the F8 hotkey. Loaded with the first toast.
 */
export default function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  return (
    <Toast.Provider
      duration={TOASTS.durationMs}
      swipeDirection="right"
      swipeThreshold={TOASTS.swipeThresholdPx}
      label="Notification"
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && onDismiss(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast${t.variant === 'destructive' ? ' toast--destructive' : ''}`}
        >
          <div className="toast__body">
            <Toast.Title className="toast__title">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="toast__description">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close className="toast__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={[TOASTS.hotkey]} />
    </Toast.Provider>
  );
}
