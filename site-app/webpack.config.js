/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads this CommonJS config */
/**
 * The `site` remote: the public website. Exposes ./App (routes, layout, toasts) and nothing
 * else. Served from /remotes/site/ by the backend (and by the shell's dev server proxy).
 * No antd here: this bundle must stay small for phones.
 */
const { remoteConfig } = require('../libs/shared/mf/remote-config');

// Its code runs as soon as a page loads: compiled while it downloads (see compileHintPlugin).
module.exports = remoteConfig({ name: 'site', appDir: __dirname, devPort: 4201, eagerCompile: true });
