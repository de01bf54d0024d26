import {
  AUTH_PATHS,
  DASHBOARD_RESERVATION_FILTERS,
  DEMANDES_PATHS,
  FACTURATION_PATHS,
  RESERVATIONS_PATHS,
} from 'shared/contract';
import { defineHostConfig } from 'shared/rsbuild';
import { DASHBOARD_HOME_PATH, STORED_TOKEN_KEY } from './src/app/dashboard-chunks';

export default defineHostConfig({
  // index.html requests the start-up's chunks, and with a stored session the dashboard's (docs/performance.md).
  startupPreload: {
    startup: { request: './bootstrap', from: 'src/index.ts' },
    withSession: [
      // The providers, the API client and the signed-in routes: the login page runs without them (app/app.tsx).
      { request: './signed-in', from: 'src/app/signed-in-loader.ts' },
      { request: '../features/shell/components/dashboard-layout', from: 'src/app/dashboard-chunks.ts' },
      {
        request: '../features/dashboard-home/components/dashboard-home',
        from: 'src/app/dashboard-chunks.ts',
        pathPattern: DASHBOARD_HOME_PATH,
      },
    ],
    tokenKey: STORED_TOKEN_KEY,
    // Sent by the session script before the start-up has run, adopted by the API client's first identical call
    // (shared/src/api/early-requests.ts): the session check everywhere, the home's counters on the home — each
    // exactly as its feature calls it (get-current-user.ts, count-reservations.ts, count-demandes.ts,
    // count-facturation.ts).
    earlyRequests: {
      calls: [
        { method: 'GET', path: AUTH_PATHS.me },
        ...Object.values(DASHBOARD_RESERVATION_FILTERS).map((filters) => ({
          method: 'POST' as const,
          path: RESERVATIONS_PATHS.count,
          body: filters,
          pathPattern: DASHBOARD_HOME_PATH,
        })),
        { method: 'GET', path: DEMANDES_PATHS.count, pathPattern: DASHBOARD_HOME_PATH },
        { method: 'GET', path: FACTURATION_PATHS.compteurs, pathPattern: DASHBOARD_HOME_PATH },
      ],
    },
  },
});
