/**
 * The module-federation settings every app shares (a plain CommonJS file that each
 * webpack.config.js requires): one copy of React, the router and the query cache for the
 * whole page, the host's.
 *
 * Guarantees:
 * - `react`, `react-dom`, `react-router-dom` and `@tanstack/react-query` are singletons, each
 *   requiring the version range the app's own package.json declares.
 * - Nothing is fetched from the network at build time: no type generation or download
 *   (`dts: false`), no dev-time type server (`dev: false`), no manifest (`manifest: false`).
 * - Remotes are plain `name@/remotes/<name>/remoteEntry.js` scripts, so the runtime's
 *   manifest-snapshot code and Node branches are compiled out.
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

/**
 * The options that are the same for the host and both remotes.
 * @param {{ name: string, dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {{ role: 'host' | 'remote' }} options a remote never loads other remotes
 */
function federationDefaults(pkg, { role }) {
  return {
    shared: sharedDeps(pkg),
    shareStrategy: 'loaded-first',
    dts: false,
    dev: false,
    manifest: false,
    // Plain script remotes with fixed URLs: the runtime's manifest-snapshot code, its Node
    // branches and (in a remote) its remote-loading code are dead weight.
    experiments: {
      optimization: { disableSnapshot: true, target: 'web', disableRemote: role === 'remote' },
    },
  };
}

module.exports = { SINGLETONS, sharedDeps, federationDefaults };
