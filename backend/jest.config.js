// Unit tests sit beside the code (src/**/*.spec.ts); HTTP tests run the real app against
// PostgreSQL and Redis (test/**/*.e2e-spec.ts), each file in a database of its own.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
  },
];
const base = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    // The one fake Stripe and the one fake S3 are ES modules shared with the browser tests and benches.
    '/e2e/fake-(stripe|s3)/.+\\.mjs$': swc,
    '/node_modules/@apidevtools/json-schema-ref-parser/.+\\.js$': swc,
  },
  // The OpenAPI validator's $ref parser ships ES modules only; SWC turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!@apidevtools/json-schema-ref-parser/)'],
  moduleNameMapper: { '^@studio/shared$': '<rootDir>/../libs/shared/src/index.ts' },
};
module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'http',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
