/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads this CommonJS config */
/**
 * The webpack config of a federated remote (`site`, `admin`): exposes ./App only, is served
 * from /remotes/<name>/ by the backend, and runs standalone on its own dev-server port.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { commonConfig, BACKEND_URL, BACKEND_PATHS } = require('./webpack-common');
const { federationDefaults } = require('./shared-deps');

const EXPOSE_MANIFEST = 'expose-manifest.json';

/**
 * Writes expose-manifest.json: the files (as URLs) the browser loads for the exposed ./App before
 * it can render, and those of each named lazy chunk, so a page can link the remote's CSS and
 * preload its code from the HTML (the shell's prerender does) instead of waiting for
 * remoteEntry.js to ask for them.
 */
class ExposeManifestPlugin {
  constructor(exposedFile) {
    this.exposedFile = exposedFile;
  }

  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap('ExposeManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExposeManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          // A module may be a concatenation of several (scope hoisting): look inside it too.
          const isApp = (m) => m.resource === this.exposedFile || (m.modules ?? []).some(isApp);
          const holdsApp = (chunk) => [...chunkGraph.getChunkModulesIterable(chunk)].some(isApp);
          const group = compilation.chunkGroups.find((g) => g.chunks.some(holdsApp));
          if (!group) throw new Error(`ExposeManifestPlugin: no chunk holds ${this.exposedFile}`);
          const { publicPath } = compilation.outputOptions;
          const files = group.getFiles().map((file) => `${publicPath}${file}`);
          const byType = (list) => ({
            css: list.filter((f) => f.endsWith('.css')),
            js: list.filter((f) => f.endsWith('.js')),
          });
          // The lazy chunks named in the code (webpackChunkName), for pages that show one at once.
          const chunks = Object.fromEntries(
            [...compilation.namedChunkGroups]
              .filter(([name]) => !name.startsWith('__federation'))
              .map(([name, g]) => [name, byType(g.getFiles().map((file) => `${publicPath}${file}`))]),
          );
          const manifest = { ...byType(files), chunks };
          compilation.emitAsset(
            EXPOSE_MANIFEST,
            new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}

function remoteConfig({ name, appDir, devPort, eagerCompile = false, brotliQuality = 11 }) {
  const publicPath = `/remotes/${name}/`;
  const pkg = require(path.join(appDir, 'package.json'));
  return (_env, argv) => {
    const isDev = argv.mode !== 'production';
    const outputPath = path.resolve(appDir, 'dist');
    const base = commonConfig({ appDir, isDev, publicPath, outputPath, eagerCompile, brotliQuality });
    return {
      ...base,
      // The standalone entry and its page exist only for the dev server; a production build
      // ships just remoteEntry.js and the chunks it loads.
      entry: isDev ? { main: './src/index.ts' } : {},
      plugins: [
        ...base.plugins,
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: { './App': './src/app.tsx' },
          ...federationDefaults(pkg, { role: 'remote' }),
        }),
        ...(isDev
          ? [new HtmlWebpackPlugin({ template: './src/index.html' })]
          : [new ExposeManifestPlugin(path.join(appDir, 'src', 'app.tsx'))]),
      ],
      devServer: {
        port: devPort,
        static: false,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: { index: `${publicPath}index.html` },
        proxy: [{ context: BACKEND_PATHS, target: BACKEND_URL }],
      },
    };
  };
}

module.exports = { remoteConfig, EXPOSE_MANIFEST };
