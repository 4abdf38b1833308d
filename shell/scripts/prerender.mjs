// Runs after `webpack --mode production` (the shell's build script): renders each route of
// PRERENDERED_ROUTES with dist/server/prerender.js and writes a whole document per route into
// dist/pages/, with the site remote's CSS linked and its code preloaded, plus dist/pages/manifest.json
// for the backend (SiteService serves these documents in place of index.html for those routes).
// Fails the build when a page would point at a file the site build did not emit.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHELL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(SHELL_DIR, 'dist');
const SITE_DIST = join(SHELL_DIR, '..', 'site-app', 'dist');
const PAGES = join(DIST, 'pages');
const ROOT_TAG = '<div id="root"></div>';
/** Where the backend puts the markup of a page it renders per request (keep in step with site.service.ts). */
const SSR_OUTLET = '<!--ssr-outlet-->';

const fail = (message) => {
  console.error(`prerender: ${message}`);
  process.exit(1);
};

const exposeManifestFile = join(SITE_DIST, 'expose-manifest.json');
if (!existsSync(exposeManifestFile)) fail(`${exposeManifestFile} is missing: build the site remote first.`);
const expose = JSON.parse(readFileSync(exposeManifestFile, 'utf8'));
const template = readFileSync(join(DIST, 'index.html'), 'utf8');
if (!template.includes(ROOT_TAG)) fail(`dist/index.html has no ${ROOT_TAG}`);
const { renderRoute, PRERENDERED_ROUTES, SERVER_RENDERED_ROUTES, PRELOADED_ROUTES } = createRequire(
  import.meta.url,
)(join(DIST, 'server', 'prerender.js'));

/** Every /remotes/site/ file a page names must exist in the site's build. */
function checkSiteFiles(path, html) {
  for (const [url] of html.matchAll(/\/remotes\/site\/[^"'\s)]+/g)) {
    if (!existsSync(join(SITE_DIST, url.slice('/remotes/site/'.length))))
      fail(`${path} refers to ${url}, which the site build did not emit`);
  }
}

// The loader that starts main.js after the first paint, inlined in each page's head (its comments
// and indentation left out); the backend's CSP allows it by the hash the manifest lists.
const paintFirst = readFileSync(join(SHELL_DIR, 'src', 'paint-first.js'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('//'))
  .join('\n');
if (paintFirst.includes('</')) fail('paint-first.js must not contain "</" (it is inlined in a <script>)');
const scriptHashes = [`sha256-${createHash('sha256').update(paintFirst).digest('base64')}`];
const MAIN_SCRIPT = /<script defer="defer" src="([^"]+)"><\/script>/;
const mainScript = MAIN_SCRIPT.exec(template);
if (!mainScript) fail('dist/index.html has no deferred main script');

const PRELOAD = /<link rel="preload" as="script" href="([^"]+)">/g;
const shellPreloads = [...template.matchAll(PRELOAD)].map((m) => m[1]);

/** The page's script loader and stylesheets, for the site chunks it shows at once. */
function assetsFor(path, chunkNames) {
  const chunks = chunkNames.map((name) => {
    const chunk = expose.chunks?.[name];
    if (!chunk) fail(`${path} wants the site chunk "${name}", which the site build does not have`);
    return chunk;
  });
  // What the page needs before it can hydrate: the shell's chunks and the site's entry (which
  // index.html preloads), the site's app code and the chunks shown at once.
  const preloads = [...shellPreloads, ...expose.js, ...chunks.flatMap((c) => c.js)];
  const loader = `<script data-main="${mainScript[1]}" data-preload="${preloads.join(' ')}">${paintFirst}</script>`;
  // The first screen's styles: render-blocking on purpose, the page has nothing to show without them.
  const styles = [...expose.css, ...chunks.flatMap((c) => c.css)]
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  return { loader, styles };
}

/** The shell's document for a page whose first screen is `html`, with its scripts and styles. */
function documentFor(path, chunks, html) {
  const { loader, styles } = assetsFor(path, chunks);
  return (
    template
      // Scripts wait for the first paint (paint-first.js asks for all of them then).
      .replace(PRELOAD, '')
      .replace(MAIN_SCRIPT, () => loader)
      .replace('</head>', () => `${styles}</head>`)
      .replace(ROOT_TAG, () => `<div id="root">${html}</div>`)
  );
}

rmSync(PAGES, { recursive: true, force: true });
mkdirSync(PAGES, { recursive: true });
const routes = [];
for (const { path, varies, chunks } of PRERENDERED_ROUTES) {
  const html = await renderRoute(path);
  // React writes inline scripts only for content that was still loading: everything must be ready.
  if (html.includes('<script')) fail(`${path} rendered an inline script; the CSP forbids them`);
  checkSiteFiles(path, html);
  const file = `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.html`;
  writeFileSync(join(PAGES, file), documentFor(path, chunks, html));
  routes.push({ path, varies, file });
  console.log(`prerender: ${path} -> dist/pages/${file} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
}
// Pages rendered per request by the backend (renderPage): the document around them, with the
// marker where the backend puts the page's markup.
const rendered = [];
for (const { name, pattern, chunks, private: isPrivate = false } of SERVER_RENDERED_ROUTES) {
  const file = `rendered-${name}.html`;
  writeFileSync(join(PAGES, file), documentFor(name, chunks, SSR_OUTLET));
  rendered.push({ name, pattern, file, private: isPrivate });
  console.log(`prerender: ${pattern} -> rendered per request into dist/pages/${file}`);
}
// Private pages: their loading state, sent for every path of the route with its reads preloaded.
const preloaded = [];
for (const { name, route, chunks, reads } of PRELOADED_ROUTES) {
  // Any value of the route's parameters renders the same loading state.
  const html = await renderRoute(route.replace(/:[^/]+/g, 'x'));
  if (html.includes('<script')) fail(`${route} rendered an inline script; the CSP forbids them`);
  checkSiteFiles(route, html);
  const file = `preloaded-${name}.html`;
  writeFileSync(join(PAGES, file), documentFor(route, chunks, html));
  preloaded.push({ name, route, reads, file });
  console.log(`prerender: ${route} -> dist/pages/${file}, its reads preloaded per request`);
}
writeFileSync(
  join(PAGES, 'manifest.json'),
  `${JSON.stringify({ routes, rendered, preloaded, scriptHashes }, null, 2)}\n`,
);
