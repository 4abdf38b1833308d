/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, required by every webpack config */
/**
 * The webpack settings the shell and both remotes have in common, so that each app's own
 * config only says what makes it different (its name, its public path, what it exposes).
 *
 * Guarantees: TypeScript/JSX through swc; `@studio/shared` compiled from source (ES modules,
 * so unused helpers are dropped); every emitted file content-hashed except what the caller
 * names explicitly (remoteEntry.js, index.html); gzip and brotli copies of text assets over
 * 1 KB in production; no source maps shipped to the browser in production.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');

const SHARED_SRC = path.resolve(__dirname, '../src');
/** The review player both remotes show (libs/shared/review-player), compiled from source by each. */
const REVIEW_PLAYER_SRC = path.resolve(__dirname, '../review-player');
const COMPRESSIBLE = /\.(js|css|svg|html)$/;
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 11 (the most) by default. 10 costs about 40 % of its CPU for 1-2 % more bytes
 * (measured on the admin remote's 3.7 MB of scripts: 6.3 s against 2.6 s of CPU, 965 against 979 KB),
 * which suits the staff area, the longest build of a cold `npm start`; the public pages keep 11.
 */
function compressionPlugins(brotliQuality = 11) {
  return [
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      threshold: COMPRESS_THRESHOLD_BYTES,
      minRatio: 0.9,
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      threshold: COMPRESS_THRESHOLD_BYTES,
      minRatio: 0.9,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    }),
  ];
}

/** TypeScript and JSX through swc, for the given source folders. */
function swcRule(include, isDev) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    include,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev } },
          target: 'es2020',
        },
      },
    },
  };
}

/** The shared library is pure: let webpack drop whole modules an app does not use. */
const SHARED_PURE_RULE = { include: SHARED_SRC, sideEffects: false };

/** Images, audio and fonts: files with content-hashed names. */
const ASSET_TEST = /\.(png|jpe?g|gif|webp|avif|svg|ico|mp3|wav|woff2?)$/i;
const HASHED_ASSET_NAME = '[name].[contenthash:8][ext]';

/**
 * Marks each script with V8's explicit compile hint, so Chrome compiles all of its functions while
 * it downloads, on a background thread, instead of on the main thread when each is first called:
 * for code that runs at start-up anyway (React DOM, the federation runtime), that turns a long
 * task on a phone into a short one. Added after minification (which would drop the comment) and
 * before content hashing and compression (which must see it).
 */
function compileHintPlugin() {
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE,
  });
}

/**
 * @param {{ appDir: string, isDev: boolean, publicPath: string, outputPath: string, eagerCompile?: boolean, brotliQuality?: number }} options
 * @returns {import('webpack').Configuration}
 */
function commonConfig({ appDir, isDev, publicPath, outputPath, eagerCompile = false, brotliQuality = 11 }) {
  const hashed = isDev ? '[name]' : '[name].[contenthash:8]';
  return {
    mode: isDev ? 'development' : 'production',
    context: appDir,
    devtool: isDev ? 'eval-cheap-module-source-map' : false,
    target: 'web',
    output: {
      path: outputPath,
      publicPath,
      filename: `${hashed}.js`,
      chunkFilename: `${hashed}.js`,
      assetModuleFilename: isDev ? '[name][ext]' : HASHED_ASSET_NAME,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        '@studio/shared$': path.join(SHARED_SRC, 'index.ts'),
        '@studio/review-player$': path.join(REVIEW_PLAYER_SRC, 'index.ts'),
      },
    },
    module: {
      rules: [
        swcRule([path.join(appDir, 'src'), SHARED_SRC, REVIEW_PLAYER_SRC], isDev),
        SHARED_PURE_RULE,
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: ASSET_TEST, type: 'asset/resource' },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
      ...(eagerCompile && !isDev ? [compileHintPlugin()] : []),
      ...(isDev ? [] : compressionPlugins(brotliQuality)),
    ],
    // Minified by swc's minifier (Rust, several times faster than terser on the admin's antd
    // bundle, output within a few per cent of it); licence comments go, as with webpack's default.
    optimization: isDev
      ? {}
      : {
          minimizer: [
            new TerserPlugin({
              minify: TerserPlugin.swcMinify,
              extractComments: false,
              terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
            }),
          ],
        },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** Dev-server settings every app uses: the API and uploads come from the backend on :3000. */
const BACKEND_URL = 'http://localhost:3000';
const BACKEND_PATHS = ['/api', '/uploads', '/sitemap.xml', '/rss.xml', '/admin/queues'];

module.exports = {
  commonConfig,
  swcRule,
  SHARED_SRC,
  REVIEW_PLAYER_SRC,
  SHARED_PURE_RULE,
  ASSET_TEST,
  HASHED_ASSET_NAME,
  BACKEND_URL,
  BACKEND_PATHS,
};
