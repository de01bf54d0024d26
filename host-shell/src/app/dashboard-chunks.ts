// The dashboard's two chunks, loadable from the entry script: this module imports nothing shared (the entry runs
// before the federation has negotiated the shared singletons), only the chunks themselves, which wait for it.
import type { ComponentType } from 'react';
import type { DashboardLayoutProps } from '../features/shell/components/dashboard-layout';

/** The key under which `shared` stores the session token (shared/src/auth/token-storage.ts, checked by a test). */
export const STORED_TOKEN_KEY = 'token';

/** The dashboard's home page, whose chunk is loaded with the layout's (also read by the host's build). */
export const DASHBOARD_HOME_PATH = /^\/dashboard\/?$/;

/** A page without props (the layout, the home). A type-only import: nothing of React is loaded here. */
type PageComponent = ComponentType;

/**
 * The pages once their chunk has run: the router renders them directly rather than through `lazy`, which would
 * suspend once more and hold the page behind React's fallback throttle (~300 ms per boundary) although the code
 * is already there.
 */
export const loadedPages: {
  layout?: ComponentType<DashboardLayoutProps>;
  home?: PageComponent;
} = {};

export const loadDashboardLayout = () =>
  import('../features/shell/components/dashboard-layout').then((module) => {
    loadedPages.layout = module.default;
    return module;
  });
export const loadDashboardHome = () =>
  import('../features/dashboard-home/components/dashboard-home').then((module) => {
    loadedPages.home = module.default;
    return module;
  });

/**
 * Starts downloading the dashboard's layout and, when the page is the dashboard's home, the home's chunk with it,
 * instead of discovering the second once the first has rendered. Chunks are fetched once, whoever asks first.
 */
export function preloadDashboard(): Promise<unknown> {
  const layout = loadDashboardLayout();
  const home = DASHBOARD_HOME_PATH.test(window.location.pathname) ? loadDashboardHome() : undefined;
  // A failed chunk is reported where the page renders it (the route's error boundary), not here.
  return Promise.all([layout, home]).catch(() => undefined);
}

/**
 * From the entry script, with a session stored: the dashboard's chunks (and the shared modules they need) are
 * requested with the start-up's own, not after the start-up code has run (bench:first-paint). Whether the session
 * is still valid is checked later; an expired one only cost a download the login would have made anyway.
 */
export function preloadDashboardIfSessionStored(): void {
  try {
    if (window.localStorage.getItem(STORED_TOKEN_KEY)) void preloadDashboard();
  } catch {
    // Storage unavailable (private mode, policy): the start-up preloads once it has checked the session.
  }
}
