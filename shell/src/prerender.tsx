/// <reference types="node" />
/**
 * Build-time prerender (run by scripts/prerender.mjs after the production build, in Node): the
 * HTML the browser's first render of a route produces, so the backend can send a page that paints
 * before any JavaScript has run. `site/App` is bundled from the site's sources here (see
 * webpack.config.js) and its per-request values are PRERENDER_TOKENS stand-ins.
 */
import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { makeQueryClient, ROUTER_FUTURE, SITE_ROUTES } from '@studio/shared';
import { serverPageFor } from 'site/ServerPages';
import { ShellRoot } from './shell-root';

export interface PrerenderedRoute {
  /** The path, exactly as requested. */
  path: string;
  /** Query parameters that change the first screen: a request carrying one gets the plain shell. */
  varies: string[];
  /** The site's lazy chunks the page shows at once (by webpackChunkName): linked and preloaded. */
  chunks: string[];
}

/**
 * The pages most visits start on. Each one's first render must depend only on its path (plus
 * the `varies` parameters and PRERENDER_TOKENS), never on storage, the time or the signed-in user.
 */
export const PRERENDERED_ROUTES: PrerenderedRoute[] = [
  { path: '/', varies: [], chunks: ['home-sections'] },
  { path: '/contact', varies: ['service'], chunks: [] },
];

/**
 * Pages the backend renders on each request with their data (see renderPage), rather than once
 * at build time. The build writes one document per entry around an empty root for the backend
 * to fill; `pattern` is matched against the path.
 */
export const SERVER_RENDERED_ROUTES: {
  name: string;
  pattern: string;
  chunks: string[];
  private?: boolean;
}[] = [
  { name: 'blog', pattern: '^/blog/?$', chunks: ['page-blog'] },
  { name: 'blog-post', pattern: '^/blog/post/[^/]+/?$', chunks: ['page-blog-post'] },
  // One client's balance: rendered for each request, never kept (the backend's `private`).
  { name: 'pay', pattern: '^/pay/[^/]+/?$', chunks: ['page-pay'], private: true },
  // A signed-in client's project, read with their session cookie.
  {
    name: 'portal-project',
    pattern: '^/portal/projects/[^/]+/?$',
    chunks: ['page-portal-project'],
    private: true,
  },
];

/**
 * Private pages whose data belongs to one visitor (a client's project, a payment link). The build
 * renders each one's first screen without data (the layout and the page's loading state, which
 * keeps the footer below the fold) into a document that links the page's styles and preloads its
 * code; the backend sends that document for every path of `route` with the page's API reads
 * (`reads`, the route's `:params` filled in) preloaded, so a phone fetches the data, the site's
 * code and the page's chunk together instead of one after another.
 */
export const PRELOADED_ROUTES: { name: string; route: string; chunks: string[]; reads: string[] }[] = [
  {
    name: 'portal-project',
    route: SITE_ROUTES.portalProject.path,
    chunks: ['page-portal-project'],
    reads: ['/api/portal/projects/:id', '/api/portal/projects/:id/review'],
  },
  { name: 'pay', route: SITE_ROUTES.pay.path, chunks: ['page-pay'], reads: ['/api/pay/:token'] },
];

/** Renders `url` (a path) once every lazy part it shows has loaded; rejects on any render error. */
export function renderRoute(url: string): Promise<string> {
  return renderTree(url, makeQueryClient());
}

/** Answers a GET of an API path inside the backend: its status and parsed JSON body. */
export type LoadJson = (path: string) => Promise<{ status: number; body: unknown }>;

export interface RenderedPage {
  /** 200, or 404 when the page's own subject (a post) does not exist. */
  status: number;
  /** The markup inside #root. */
  html: string;
  /** The query cache the markup was rendered from; the browser hydrates it before React. */
  state: DehydratedState;
}

/** A read of the page answered other than 200 (`status` tells the renderer's caller why). */
export class ReadRefused extends Error {
  constructor(
    path: string,
    readonly status: number,
  ) {
    super(`GET ${path} answered ${status}`);
  }
}

/**
 * Renders a page of SERVER_RENDERED_ROUTES for `url` (path and query) with its data: the reads
 * its first screen makes are answered through `load` and put in the query cache under the keys
 * the components ask for, so nothing on that screen is left loading. Null for any other URL.
 * Rejects when a read fails (the backend then sends the plain shell).
 */
export async function renderPage(url: string, load: LoadJson): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  const page = serverPageFor(pathname, searchParams);
  if (!page) return null;
  const queryClient = makeQueryClient();
  let status = 200;
  const answers = await Promise.all(page.reads.map((read) => load(read.path)));
  page.reads.forEach((read, i) => {
    const { status: readStatus, body } = answers[i];
    if (readStatus === 404 && read.pageMissingOn404) status = 404;
    else if (readStatus !== 200) throw new ReadRefused(read.path, readStatus);
    // A missing post is cached as its answer ({ success: false }): the page shows 'Post Not Found'.
    queryClient.setQueryData(read.queryKey, body);
  });
  const html = await renderTree(url, queryClient);
  return { status, html, state: withoutClock(dehydrate(queryClient)) };
}

/**
 * The dehydrated cache without this render's clock: when each answer went into the cache and
 * when the cache was dehydrated are stored as 0. The page is then a pure function of its data,
 * so every process (the API's replicas each render and keep their own copy) and every render
 * after a cache clear sends the same bytes under the same ETag. The browser loses nothing: its
 * queries never go stale by age (staleTime is Infinity), so it never reads these times.
 */
function withoutClock(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0 },
    })),
  };
}

function renderTree(url: string, queryClient: QueryClient): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <ShellRoot
        queryClient={queryClient}
        router={(routes) => (
          <StaticRouter location={url} future={ROUTER_FUTURE}>
            {routes}
          </StaticRouter>
        )}
      />,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
      },
    );
  });
}
