import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file clones its own database from the run's template (test/global-setup.ts) and builds the app: seconds
    // on a loaded 2-core machine, far more when the browser tests share it.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The API processes the tests start render their exports at normal priority (test/helper.ts says why).
    env: { EXPORT_PRIORITY: 'normal' },
  },
});
