/* eslint-disable @typescript-eslint/no-require-imports -- jest loads this CommonJS config */
const path = require('node:path');

/**
 * The jest config of a front-end remote (site-app, admin-app): TypeScript and JSX through swc,
 * `@studio/shared` and the review player from their sources, CSS imports stubbed.
 */
module.exports = function frontEndJestConfig(appDir, testEnvironment) {
  return {
    testEnvironment,
    // A rendered antd table with its popovers takes seconds on a loaded 2-core machine.
    testTimeout: 30000,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
      ],
    },
    moduleNameMapper: {
      '^@studio/shared$': path.join(__dirname, 'libs/shared/src/index.ts'),
      '^@studio/review-player$': path.join(__dirname, 'libs/shared/review-player/index.ts'),
      '\\.css$': path.join(appDir, 'src/test/style-stub.js'),
    },
  };
};
