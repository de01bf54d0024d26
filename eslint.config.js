import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apiLayers from './scripts/eslint/api-layers.js';
import boundaries from './scripts/eslint/boundaries.js';

/** The repository's own rules (scripts/eslint/, each tested beside it). */
const ebas3 = { rules: { boundaries, 'api-layers': apiLayers } };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-standalone/**',
      // A compiled API built by api/src/server-build.test.ts while it runs.
      'api/dist-test-*/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/mockServiceWorker.js',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    // Promises are awaited, returned or explicitly voided; none is handed where a void callback is expected.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // One program for the whole repository (tsconfig.eslint.json), not one per package's tsconfig.json: the
      // packages share antd's, React's and shared's types, read once (docs/testing.md).
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test registers suites and tests synchronously; their promises report through the runner.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'test', 'it', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Browser code: the host, the remotes and the shared package.
    files: ['host-shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    plugins: { 'react-hooks': reactHooks, ebas3 },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'ebas3/boundaries': 'error',
      // One HTTP client: the API is called through `apiClient` (token, toasts, 401 handled once).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Appeler l'API par le client unique `apiClient` de 'shared'." },
        { name: 'XMLHttpRequest', message: "Appeler l'API par le client unique `apiClient` de 'shared'." },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'axios', message: "Appeler l'API par le client unique `apiClient` de 'shared'." }],
        },
      ],
      // docs/frontend.md « Naming »: `xQueryOptions`, never `getXQueryOptions`.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'VariableDeclarator[id.name=/^get[A-Z]\\w*QueryOptions$/]',
          message: 'Nommer les options de requête `xQueryOptions`, sans `get` (docs/frontend.md).',
        },
      ],
    },
  },
  {
    files: ['shared/src/api/api-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The client itself, and the reads of the runtime registry (a static file beside index.html): at start-up, and
    // again in an open tab.
    files: [
      'shared/src/api/api-client.ts',
      'shared/src/config/runtime-config.ts',
      'host-shell/src/lib/releases/get-registry.ts',
      '**/*.test.{ts,tsx}',
      'shared/src/mocks/**',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Node code: API, e2e, bench, scripts and build configs.
    files: ['api/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.{ts,js}', 'shared/src/federation/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['api/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Node code, type-aware beyond the promises: no await of a non-promise, only Errors thrown, no for…in over an
    // array, no string evaluated as code, no assertion to the type a value already has, no object stringified as
    // « [object Object] ».
    files: ['api/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
    },
  },
  {
    // The API's layers: db/ and lib/ import no module nor plugin, modules tie to one another through their index.ts
    // only and reach into no plugin (docs/api.md « Modules et couches »).
    files: ['api/src/**'],
    plugins: { ebas3 },
    rules: { 'ebas3/api-layers': 'error' },
  },
);
