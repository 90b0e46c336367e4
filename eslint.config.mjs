// @ts-check
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.nx/**', 'deploy/local/.cache/**', 'deploy/local/.run/**', 'test-output/**', 'data/**', '**/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No consistent-type-imports: NestJS injects by the constructor's emitted parameter types, which `import type` erases.
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Named exports only (STYLE.md).' }],
      /**
       * Runtime boundaries (STYLE.md "Layout"): browser code may use only
       * browser or isomorphic projects, isomorphic only isomorphic, so no
       * Node-only code can reach the SPA or extension bundles.
       * Layers: libs never import apps or test helpers; test helpers
       * (`type:testing`) import libs only, so any project's tests can use
       * them. What starts the whole product composes apps, so it lives in
       * `@closetly/all-in-one/testing`.
       */
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:browser', 'platform:isomorphic'] },
            { sourceTag: 'platform:isomorphic', onlyDependOnLibsWithTags: ['platform:isomorphic'] },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:isomorphic'] },
            { sourceTag: 'type:lib', notDependOnLibsWithTags: ['type:app', 'type:testing'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
          ],
        },
      ],
    },
  },
  {
    // Tests run in Node whatever they test (the web app's browser tests drive Chromium from Node).
    // libs/testing/src is not matched here, so the test helpers keep the rules above.
    files: ['**/test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }] }] },
  },
  {
    // Config files that tools load by default export.
    files: ['**/drizzle.config.ts', '**/vite.config.ts', 'eslint.config.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', AbortSignal: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
