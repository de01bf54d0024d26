import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import {
  ACCOUNT_PATH,
  ContentSpinner,
  FORGOT_PASSWORD_PAGE,
  FullPageSpinner,
  MODULE_VERSIONS_PATH,
  needsSubject,
  RESET_PASSWORD_PAGE,
  routeTable,
  type RouteDef,
} from 'shared';
import { NotFound } from '../features/not-found';
import { deferred } from '../lib/deferred';
import { loadDashboardHome, loadDashboardLayout, loadedPages, preloadDashboard } from './dashboard-chunks';
import { PageErrorBoundary } from './page-error-boundary';
import { preloadedOrLazy } from './preloaded-or-lazy';
import { PublicOnly } from './public-only';
import { RequirePermission, RequireSubject, RequireToken } from './route-guards';

// « Tâches » is not needed in the first seconds: fetched once the dashboard is shown (lib/deferred.tsx).
const TasksEntry = deferred<object>(() =>
  import('../features/tasks/components/tasks-entry').then((module) => ({ default: module.TasksEntry })),
);

const SignupPage = lazy(() => import('../features/auth/components/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const AccountRoute = lazy(() => import('./account-route'));
const ModuleVersionsPage = lazy(() => import('../features/module-versions/components/module-versions-page'));
const ViewPdfPage = lazy(() => import('../features/view-pdf/components/view-pdf-page'));
const DashboardLayout = preloadedOrLazy(
  () => loadedPages.layout,
  lazy(() => {
    void preloadDashboard();
    return loadDashboardLayout();
  }),
);
const DashboardHome = preloadedOrLazy(() => loadedPages.home, lazy(loadDashboardHome));
const RemotePage = lazy(() =>
  import('../features/remotes/components/remote-page').then((module) => ({ default: module.RemotePage })),
);

const page = (element: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
  </PageErrorBoundary>
);

/** A remote's route, behind the guards and the permission it declares (the same checks as before issue 38 §3). */
function remoteRoute(route: RouteDef): RouteObject {
  let element = (
    <PageErrorBoundary>
      <Suspense fallback={<ContentSpinner label="Chargement du module…" />}>
        <RemotePage key={route.id} route={route} />
      </Suspense>
    </PageErrorBoundary>
  );
  if (route.permission)
    element = <RequirePermission permission={route.permission}>{element}</RequirePermission>;
  if (needsSubject(route)) element = <RequireSubject>{element}</RequireSubject>;
  return { path: route.path, element };
}

/**
 * Dashboard children: the host's own pages and the routes the remotes declare, read from the route table the
 * registry's declarations filled at start-up (bootstrap.tsx), so that a remote adds a screen without a host build.
 */
const dashboardChildren = (remoteRoutes: readonly RouteDef[]): RouteObject[] => [
  {
    index: true,
    element: (
      <PageErrorBoundary>
        <Suspense fallback={<ContentSpinner />}>
          <DashboardHome />
        </Suspense>
      </PageErrorBoundary>
    ),
  },
  ...remoteRoutes.map(remoteRoute),
  {
    path: ACCOUNT_PATH,
    element: (
      <PageErrorBoundary>
        <Suspense fallback={<ContentSpinner />}>
          <AccountRoute />
        </Suspense>
      </PageErrorBoundary>
    ),
  },
  {
    path: MODULE_VERSIONS_PATH,
    element: (
      <PageErrorBoundary>
        <Suspense fallback={<ContentSpinner />}>
          <ModuleVersionsPage />
        </Suspense>
      </PageErrorBoundary>
    ),
  },
  { path: '*', element: <NotFound /> },
];

/**
 * The routes of the signed-in part over the installed route table (built once per start, after the registry is
 * read): every page but the login page, which app.tsx routes itself without antd (issue 37 §5).
 */
export const appRoutes = (remoteRoutes: readonly RouteDef[] = routeTable()): RouteObject[] => [
  {
    path: '/signup',
    element: page(
      <PublicOnly>
        <SignupPage />
      </PublicOnly>,
    ),
  },
  {
    path: FORGOT_PASSWORD_PAGE,
    element: page(
      <PublicOnly>
        <ForgotPasswordPage />
      </PublicOnly>,
    ),
  },
  // Not PublicOnly: a reset link works whoever is signed in here (the reset ends every session of its account).
  { path: RESET_PASSWORD_PAGE, element: page(<ResetPasswordPage />) },
  {
    path: '/view-pdf',
    element: page(
      <RequireToken>
        <ViewPdfPage />
      </RequireToken>,
    ),
  },
  {
    path: '/dashboard',
    element: page(
      <RequireToken reloadOnInvalid>
        <DashboardLayout topBarExtra={<TasksEntry />} />
      </RequireToken>,
    ),
    children: dashboardChildren(remoteRoutes),
  },
  { path: '*', element: <NotFound /> },
];
