import { vitestProjects } from 'shared/testing/vitest-projects';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file clones its own database from the run's template (test/global-setup.ts) and builds the app: seconds
    // on a loaded 2-core machine, far more when the browser tests share it.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two workers whatever the cores (vitest's default is cores − 1: one here): a file spends much of its time
    // waiting for PostgreSQL, and another file runs meanwhile.
    maxWorkers: 2,
    // The API processes the tests start render their exports at normal priority (test/helper.ts says why).
    // The AWS SDK's notice that its releases after January 2027 need Node 22 (the pinned one runs on Node 20) would
    // print in every file that opens an S3 release store.
    env: { EXPORT_PRIORITY: 'normal', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // The files that vi.mock the contract (its row limits lowered) keep their own module registry, and so does the
    // file that counts the statements a process names (a file run before it in the worker may have named its cap).
    projects: vitestProjects(
      [
        'src/modules/reservations/list/list.test.ts',
        'src/modules/reservations/exports/export-limit.test.ts',
        'src/modules/rooming/exports/rooming-export-limit.test.ts',
      ],
      ['src/**/*.test.ts', 'test/**/*.test.ts'],
    ),
  },
});
