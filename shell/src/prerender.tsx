/// <reference types="node" />
/**
 * Build-time prerender (run by scripts/prerender.mjs after the production build, in Node): the
 * HTML the browser's first render of a route produces, so the backend can send a page that paints
 * before any JavaScript has run. `site/App` is bundled from the site's sources here (see
 * webpack.config.js) and its per-request values are PRERENDER_TOKENS stand-ins.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { makeQueryClient, ROUTER_FUTURE } from '@studio/shared';
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

/** Renders `url` (a path) once every lazy part it shows has loaded; rejects on any render error. */
export function renderRoute(url: string): Promise<string> {
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
        queryClient={makeQueryClient()}
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
