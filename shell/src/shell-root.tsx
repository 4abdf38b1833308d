import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ShellApp } from './shell-app';

interface ShellRootProps {
  queryClient: QueryClient;
  /** Wraps the routes: the browser's router in the page, a static one in the build-time prerender. */
  router: (routes: ReactNode) => ReactNode;
}

/**
 * The whole React tree of the page. The browser and the prerender must build the same tree,
 * or hydration cannot reuse the prerendered HTML; so both render this.
 */
export function ShellRoot({ queryClient, router }: ShellRootProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{router(<ShellApp />)}</QueryClientProvider>
    </StrictMode>
  );
}
