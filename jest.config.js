// @ts-check
const { readFileSync } = require('node:fs');

/** One transform for every test: swc with the decorator metadata NestJS needs. */
const swc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swc, swcrc: false }] };
const roots = ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/deploy', '<rootDir>/extension'];
// These ship only ESM (Node runs them through require(esm); Jest on Node 20 cannot), so Jest compiles them:
// content-disposition 3, and htmlparser2 12 with the packages its index imports.
const transformIgnorePatterns = ['/node_modules/(?!(content-disposition|htmlparser2|entities|domhandler|domutils|domelementtype|dom-serializer)/)'];
const common = { transform, transformIgnorePatterns, roots, testEnvironment: 'node', setupFiles: ['<rootDir>/libs/testing/src/jest-setup.ts'], modulePathIgnorePatterns: ['<rootDir>/.*/dist/'] };

/**
 * Four kinds of test (STYLE.md "Tests"):
 *  unit        *.spec.ts       rules with their I/O replaced; no engine needed
 *  component   *.spec.tsx      the web app's components in jsdom (Testing Library, jest-axe)
 *  integration *.int-spec.ts   adapters and services against the real engines and their embedded twins
 *  e2e         *.e2e-spec.ts   the running product through the gateway, and the web app in Chromium
 * @type {import('jest').Config}
 */
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'component',
      testMatch: ['**/*.spec.tsx'],
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j)sx?$': ['<rootDir>/apps/web/test/component/vite-env-transform.cjs', { ...swc, swcrc: false }] },
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/apps/web/src/$1', '\\.css$': '<rootDir>/apps/web/test/component/style-stub.cjs' },
      setupFilesAfterEnv: ['<rootDir>/apps/web/test/component/setup.ts'],
    },
    { ...common, displayName: 'integration', testMatch: ['**/*.int-spec.ts'], slowTestThreshold: 30 },
    { ...common, displayName: 'e2e', testMatch: ['**/*.e2e-spec.ts'], slowTestThreshold: 60 },
  ],
  testTimeout: 60_000,
};
