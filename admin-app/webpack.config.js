/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads this CommonJS config */
/**
 * The `admin` remote: the staff area under /admin. Exposes ./App only. antd, pro-components
 * and the rich-text editor live here and nowhere else. Served from /remotes/admin/.
 */
const { remoteConfig } = require('../libs/shared/mf/remote-config');

// Brotli 10, not 11: see compressionPlugins in webpack-common.js.
module.exports = remoteConfig({ name: 'admin', appDir: __dirname, devPort: 4202, brotliQuality: 10 });
