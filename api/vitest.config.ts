import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file boots its own database (PGlite compiles its WASM and loads the migrated template per file: 1-3 s
    // on 2 cores, far more when the browser tests share the machine).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
