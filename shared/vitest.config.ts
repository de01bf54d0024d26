import { defineConfig } from 'vitest/config';
import { vitestProjects } from './src/testing/vitest-projects.mjs';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // antd forms under happy-dom are slow, and slower on a busy 2-core runner (a create-through-the-modal test takes
    // 2–4 s alone): a ceiling for a slow run, not a measure of speed. Set here, not by vi.setConfig in a helper, so
    // that it holds when files share a worker's modules (--isolate=false, docs/testing.md).
    testTimeout: 30_000,
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Files share a worker's modules, except those that set the package's module state for their own tests — the
    // API client's base URL and 401 handler (configureApiClient), the early-requests list, a vi.mock — or read it:
    // the date picker's module not yet fetched. A file run beside them in the same registry would find it changed
    // (seen with --sequence.shuffle.files, docs/testing.md).
    projects: vitestProjects([
      'src/api/api-client.test.ts',
      'src/api/download-file.test.ts',
      'src/api/early-requests.test.ts',
      'src/auth/sign-out.test.ts',
      'src/federation/startup-preload.test.ts',
      'src/ui/resource/date-input-loading.test.tsx',
      // It fetches antd's Tabs itself: in its own registry, no other file's import under way can fail it.
      'src/vendor/antd-card-tabs.test.tsx',
    ]),
  },
});
