/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads this CommonJS config */
/**
 * The `admin` remote: the staff area under /admin. Exposes ./App only. antd, pro-components
 * and the rich-text editor live here and nowhere else. Served from /remotes/admin/.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { commonConfig, BACKEND_URL, BACKEND_PATHS } = require('../libs/shared/mf/webpack-common');
const { federationDefaults } = require('../libs/shared/mf/shared-deps');
const pkg = require('./package.json');

const PUBLIC_PATH = '/remotes/admin/';

module.exports = (_env, argv) => {
  const isDev = argv.mode !== 'production';
  const base = commonConfig({
    appDir: __dirname,
    isDev,
    publicPath: PUBLIC_PATH,
    outputPath: path.resolve(__dirname, 'dist'),
  });
  return {
    ...base,
    // The standalone entry and its page exist only for the dev server.
    entry: isDev ? { main: './src/index.ts' } : {},
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: 'admin',
        filename: 'remoteEntry.js',
        exposes: { './App': './src/app.tsx' },
        ...federationDefaults(pkg, { role: 'remote' }),
      }),
      ...(isDev ? [new HtmlWebpackPlugin({ template: './src/index.html' })] : []),
    ],
    devServer: {
      port: 4202,
      static: false,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: { index: `${PUBLIC_PATH}index.html` },
      proxy: [{ context: BACKEND_PATHS, target: BACKEND_URL }],
    },
  };
};
