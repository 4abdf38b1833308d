import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

export const REMOTE_LOAD_ERROR =
  'This part of the site could not be loaded. Please check your connection and reload.';

interface BoundaryProps {
  name: string;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/**
 * Catches a remote that fails to load (network down, a deploy in progress) or throws while
 * rendering, so the visitor gets a sentence and a way out instead of a blank page.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] remote "${this.props.name}" failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="shell-error" role="alert">
        <p>{REMOTE_LOAD_ERROR}</p>
        {/* A rejected lazy import is cached by React: only a fresh page load retries it. */}
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

function RemoteLoading() {
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-visually-hidden">Loading…</span>
    </div>
  );
}

/** Suspense and an error boundary around one lazily loaded remote. */
export function RemoteSlot({ name, children }: BoundaryProps) {
  return (
    <RemoteErrorBoundary name={name}>
      <Suspense fallback={<RemoteLoading />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
