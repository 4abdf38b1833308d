/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, required by every webpack config */
/**
 * The module-federation settings every app shares: one copy of React, the router and the
 * query cache for the whole page, whichever app was built first or loaded first.
 *
 * Guarantees:
 * - `react`, `react-dom`, `react-router-dom` and `@tanstack/react-query` are singletons, each
 *   requiring the version range the app's own package.json declares.
 * - Nothing is fetched from the network at build time: no type generation or download
 *   (`dts: false`), no dev-time type server (`dev: false`), no manifest (`manifest: false`).
 * - `shareStrategy: 'loaded-first'`: the host's copies win and the host never downloads
 *   every remote's entry up front just to compare versions (it would with 'version-first').
 */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query'];

/** `shared` option for one app, from that app's package.json. */
function sharedDeps(pkg) {
  const deps = { ...pkg.dependencies };
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      if (!deps[name]) throw new Error(`${pkg.name} must depend on ${name} to share it`);
      return [name, { singleton: true, requiredVersion: deps[name] }];
    }),
  );
}

/** The options that are the same for the host and both remotes. */
function federationDefaults(pkg) {
  return {
    shared: sharedDeps(pkg),
    shareStrategy: 'loaded-first',
    dts: false,
    dev: false,
    manifest: false,
  };
}

module.exports = { SINGLETONS, sharedDeps, federationDefaults };
