import { startTransition } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { makeQueryClient, ROUTER_FUTURE } from '@studio/shared';
import { ShellRoot } from './shell-root';

/** Lets the browser paint and handle input between the big steps of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The backend sends some pages with their first screen already rendered (prerender.tsx).
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await nextTask();
  // Loaded on its own so that compiling React DOM is a task of its own, not part of one long one.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  if (prerendered) await nextTask();

  const queryClient = makeQueryClient();
  // Pages the server rendered with data (the blog) carry that data: the cache starts where the
  // server's did, so the first render matches the HTML and no read is repeated.
  const state = document.getElementById('query-state')?.textContent;
  if (state) hydrate(queryClient, JSON.parse(state) as DehydratedState);

  const page = (
    <ShellRoot
      queryClient={queryClient}
      router={(routes) => <BrowserRouter future={ROUTER_FUTURE}>{routes}</BrowserRouter>}
    />
  );
  if (prerendered) {
    // Hydrating keeps the prerendered HTML on screen and attaches to it once the remote has
    // arrived, instead of replacing it with a loading state and painting it all over again. As a
    // transition, React hydrates in small slices, so a tap is never kept waiting long.
    startTransition(() => {
      hydrateRoot(container, page, {
        onRecoverableError: (error) => console.error('[shell] the prerendered page did not match', error),
      });
    });
  } else {
    createRoot(container).render(page);
  }
}

void start();
