/**
 * `node --require` this to run the backend's TypeScript sources in a process of their own, as
 * jest runs them (SWC: CommonJS, legacy decorators with their metadata) and with @studio/shared
 * read from its sources (jest's moduleNameMapper). For tests that need a real Node module loader:
 * OpenTelemetry instruments modules as Node's `require` loads them, which jest's loader bypasses.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload script */
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');

const SHARED = join(__dirname, '..', '..', '..', 'libs', 'shared', 'src', 'index.ts');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === '@studio/shared' ? SHARED : request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    configFile: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs' },
    jsc: {
      parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
  });
  module._compile(code, filename);
};
