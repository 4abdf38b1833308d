/* eslint-disable @typescript-eslint/no-require-imports -- jest loads this CommonJS config */
// Unit tests of the admin remote's hooks and rules, in jsdom with React Testing Library.
module.exports = require('../jest.front-end.js')(__dirname, 'jsdom');
