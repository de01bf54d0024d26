import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-standalone/**',
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
    plugins: { 'react-hooks': reactHooks, ebas3: { rules: { boundaries } } },
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
      // docs/frontend.md « Naming: query options »: `xQueryOptions`, never `getXQueryOptions`.
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
    // The client itself, and the start-up's read of the runtime registry (a static file beside index.html).
    files: [
      'shared/src/api/api-client.ts',
      'shared/src/config/runtime-config.ts',
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
);
