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

function remoteConfig({ name, appDir, devPort }) {
  const publicPath = `/remotes/${name}/`;
  const pkg = require(path.join(appDir, 'package.json'));
  return (_env, argv) => {
    const isDev = argv.mode !== 'production';
    const base = commonConfig({ appDir, isDev, publicPath, outputPath: path.resolve(appDir, 'dist') });
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
        ...(isDev ? [new HtmlWebpackPlugin({ template: './src/index.html' })] : []),
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

module.exports = { remoteConfig };
