/* eslint-disable @typescript-eslint/no-require-imports -- jest loads this CommonJS config */
const path = require('node:path');

// Unit tests of the admin remote's hooks and rules, in jsdom with React Testing Library.
module.exports = {
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      },
    ],
  },
  moduleNameMapper: {
    '^@studio/shared$': path.join(__dirname, '../libs/shared/src/index.ts'),
    '^@studio/review-player$': path.join(__dirname, '../libs/shared/review-player/index.ts'),
    '\\.css$': path.join(__dirname, 'src/test/style-stub.js'),
  },
};
