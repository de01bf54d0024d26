import { defineConfig } from 'vitest/config';
import { vitestProjects } from 'shared/testing/vitest-projects';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['shared/testing/setup-tests', 'shared/testing/preload-date-picker'],
    // The pointage tests click through antd tables (a page of stays with their nights) on a shared 2-core
    // machine: a ceiling for a slow run, not a measure of speed.
    testTimeout: 30_000,
    projects: vitestProjects([]),
  },
});
