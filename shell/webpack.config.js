/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads this CommonJS config */
/**
 * The host. Owns index.html, the top-level router, the query cache and the shared singletons;
 * loads the `site` remote for every route but /admin/*, and the `admin` remote for /admin/*.
 * Remotes are fetched from the same origin by absolute path, so the backend serves them all.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  commonConfig,
  swcRule,
  SHARED_SRC,
  REVIEW_PLAYER_SRC,
  SHARED_PURE_RULE,
  ASSET_TEST,
  HASHED_ASSET_NAME,
  BACKEND_URL,
  BACKEND_PATHS,
} = require('../libs/shared/mf/webpack-common');
const { federationDefaults } = require('../libs/shared/mf/shared-deps');
const pkg = require('./package.json');

const SITE_DEV_URL = 'http://localhost:4201';
const SITE_REMOTE_ENTRY = '/remotes/site/remoteEntry.js';

/**
 * Preload links in index.html for what every page needs before its first paint: the shell's
 * own chunks (React, the router, the query cache, bootstrap), which main.js would otherwise only
 * request once it has run, and the site remote's entry. A phone then fetches them in parallel
 * with main.js instead of one after another (issue 5's budget: LCP <= 2 s on slow 4G).
 */
class PreloadStartupPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupPlugin', (data) => {
        const { publicPath } = compilation.outputOptions;
        const entryFiles = new Set(compilation.entrypoints.get('main').getFiles());
        const chunkFiles = [...compilation.chunks]
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => file.endsWith('.js') && !entryFiles.has(file));
        const hrefs = [...chunkFiles.map((file) => `${publicPath}${file}`), SITE_REMOTE_ENTRY];
        data.headTags.unshift(
          ...hrefs.map((href) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href }),
          ),
        );
        return data;
      });
    });
  }
}
const ADMIN_DEV_URL = 'http://localhost:4202';
const SITE_APP_DIR = path.resolve(__dirname, '../site-app');

/**
 * The Node bundle scripts/prerender.mjs runs after the build: the shell's React tree with the
 * site remote's sources compiled in (no federation: `site/App` resolves to the source file), its
 * per-request values replaced by stand-ins, its CSS left out and its images named exactly as the
 * site's own build names them, so the HTML points at files the site build emitted.
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig() {
  return {
    name: 'prerender',
    mode: 'production',
    context: __dirname,
    target: 'node20',
    devtool: false,
    entry: { prerender: './src/prerender.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: '/remotes/site/',
      assetModuleFilename: HASHED_ASSET_NAME,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        '@studio/shared$': path.join(SHARED_SRC, 'index.ts'),
        '@studio/review-player$': path.join(REVIEW_PLAYER_SRC, 'index.ts'),
        'site/App$': path.join(SITE_APP_DIR, 'src/app.tsx'),
        'site/ServerPages$': path.join(SITE_APP_DIR, 'src/server-pages.ts'),
        // Never prerendered: /admin pages are for signed-in staff.
        'admin/App$': false,
      },
    },
    module: {
      rules: [
        swcRule(
          [path.join(__dirname, 'src'), path.join(SITE_APP_DIR, 'src'), SHARED_SRC, REVIEW_PLAYER_SRC],
          false,
        ),
        SHARED_PURE_RULE,
        // The page links the site build's own CSS files; here a stylesheet import is inert.
        { test: /\.css$/, type: 'asset/source' },
        { test: ASSET_TEST, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new webpack.NormalModuleReplacementPlugin(/(^|\/)site-config$/, (resource) => {
        resource.request = `${resource.request}.prerender`;
      }),
      // One file: the lazy imports the prerender waits for need no chunk loading.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = (_env, argv) => {
  const isDev = argv.mode !== 'production';
  const base = commonConfig({
    appDir: __dirname,
    isDev,
    publicPath: '/assets/',
    outputPath: path.resolve(__dirname, 'dist/assets'),
    // Every shell chunk runs before the first render.
    eagerCompile: true,
  });
  const client = {
    ...base,
    name: 'client',
    entry: { main: './src/index.ts' },
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {
          site: `site@${SITE_REMOTE_ENTRY}`,
          admin: 'admin@/remotes/admin/remoteEntry.js',
        },
        ...federationDefaults(pkg, { role: 'host' }),
      }),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        // Production: dist/index.html beside dist/assets/. The dev server only serves what sits
        // under the public path, so there it lives at /assets/index.html.
        filename: isDev ? 'index.html' : '../index.html',
      }),
      ...(isDev ? [] : [new PreloadStartupPlugin()]),
    ],
    devServer: {
      port: 4200,
      static: false,
      hot: false,
      liveReload: true,
      historyApiFallback: { index: '/assets/index.html' },
      proxy: [
        { context: BACKEND_PATHS, target: BACKEND_URL },
        { context: ['/remotes/site'], target: SITE_DEV_URL },
        { context: ['/remotes/admin'], target: ADMIN_DEV_URL },
      ],
    },
  };
  return isDev ? client : [client, prerenderConfig()];
};
