/* eslint-disable @typescript-eslint/no-require-imports -- jest loads this CommonJS config */
// Unit tests of the site's rules and components (rendered to static markup), in node.
module.exports = require('../jest.front-end.js')(__dirname, 'node');
