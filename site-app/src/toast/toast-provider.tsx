import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOASTS } from '@studio/shared';
import { ToastContext, type ToastApi } from './toast-context';
import type { ToastItem } from './toast-viewport';

// Radix Toast is ~12 KB gzip and nothing needs it before the first toast: keep it off the
// critical path of every page.
const ToastViewport = lazy(() => import(/* webpackChunkName: "toasts" */ './toast-viewport'));

/**
 * The site's toasts: at most TOASTS.limit on screen (a new one replaces the old); a dismissed
 * toast is dropped after TOASTS.removeDelayMs.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [viewportNeeded, setViewportNeeded] = useState(false);
  const nextId = useRef(1);
  const removeTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismissOne = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    if (removeTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.current.delete(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOASTS.removeDelayMs);
    removeTimers.current.set(id, timer);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (input) => {
        const id = nextId.current++;
        setViewportNeeded(true);
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
      {children}
      {viewportNeeded && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismissOne} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
