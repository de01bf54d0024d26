import { defineConfig } from 'vitest/config';
import { vitestProjects } from 'shared/testing/vitest-projects';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // antd forms under happy-dom are slow, and slower on a busy 2-core runner (a create-through-the-modal test takes
    // 2–4 s alone): a ceiling for a slow run, not a measure of speed. Set here, not by vi.setConfig in a helper, so
    // that it holds when files share a worker's modules (--isolate=false, docs/testing.md).
    testTimeout: 30_000,
    setupFiles: ['shared/testing/setup-tests', 'shared/testing/preload-date-picker'],
    projects: vitestProjects([]),
  },
});
