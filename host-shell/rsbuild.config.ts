import { defineHostConfig } from 'shared/rsbuild';
import { DASHBOARD_HOME_PATH, STORED_TOKEN_KEY } from './src/app/dashboard-chunks';

export default defineHostConfig({
  // index.html requests the start-up's chunks, and with a stored session the dashboard's (docs/performance.md).
  startupPreload: {
    startup: { request: './bootstrap', from: 'src/index.ts' },
    withSession: [
      { request: '../features/shell/components/dashboard-layout', from: 'src/app/dashboard-chunks.ts' },
      {
        request: '../features/dashboard-home/components/dashboard-home',
        from: 'src/app/dashboard-chunks.ts',
        pathPattern: DASHBOARD_HOME_PATH,
      },
    ],
    tokenKey: STORED_TOKEN_KEY,
  },
});
