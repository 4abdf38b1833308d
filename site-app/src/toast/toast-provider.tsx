import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { TOASTS } from '@studio/shared';
import { ToastContext, type ToastApi, type ToastInput } from './toast-context';

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/**
 * The site's toasts (spec §9): at most TOASTS.limit on screen (a new one replaces the old),
 * shown for TOASTS.durationMs, swiped away to the right, focused with the F8 hotkey.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const removeTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: number) => {
    if (removeTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.current.delete(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOASTS.removeDelayMs);
    removeTimers.current.set(id, timer);
  }, []);

  const dismissOne = useCallback(
    (id: number) => {
      setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
      scheduleRemoval(id);
    },
    [scheduleRemoval],
  );

  const api = useMemo<ToastApi>(
    () => ({
      toast: (input) => {
        const id = nextId.current++;
        setToasts((list) => [{ ...input, id, open: true }, ...list].slice(0, TOASTS.limit));
      },
      dismiss: () => setToasts((list) => list.map((t) => ({ ...t, open: false }))),
    }),
    [],
  );

  useEffect(() => {
    const timers = removeTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider
        duration={TOASTS.durationMs}
        swipeDirection="right"
        swipeThreshold={TOASTS.swipeThresholdPx}
        label="Notification"
      >
        {children}
        {toasts.map((t) => (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => !open && dismissOne(t.id)}
            type={t.variant === 'destructive' ? 'foreground' : 'background'}
            className={`toast${t.variant === 'destructive' ? ' toast--destructive' : ''}`}
          >
            <div className="toast__body">
              <Toast.Title className="toast__title">{t.title}</Toast.Title>
              {t.description && <Toast.Description className="toast__description">{t.description}</Toast.Description>}
            </div>
            <Toast.Close className="toast__close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" hotkey={[TOASTS.hotkey]} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
