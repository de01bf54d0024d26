import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import {
  ACCOUNT_PATH,
  ContentSpinner,
  FORGOT_PASSWORD_PAGE,
  FullPageSpinner,
  MODULE_VERSIONS_PATH,
  RESET_PASSWORD_PAGE,
  ROUTES,
} from 'shared';
import { NotFound } from '../features/not-found';
import { deferred } from '../lib/deferred';
import { loadDashboardHome, loadDashboardLayout, loadedPages, preloadDashboard } from './dashboard-chunks';
import { PageErrorBoundary } from './page-error-boundary';
import { PublicOnly, RequireSubject, RequireToken } from './route-guards';

// « Tâches » is not needed in the first seconds: fetched once the dashboard is shown (lib/deferred.tsx).
const TasksEntry = deferred<object>(() =>
  import('../features/tasks/components/tasks-entry').then((module) => ({ default: module.TasksEntry })),
);

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const SignupPage = lazy(() => import('../features/auth/components/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const AccountRoute = lazy(() => import('./account-route'));
const ModuleVersionsPage = lazy(() => import('../features/module-versions/components/module-versions-page'));
const ViewPdfPage = lazy(() => import('../features/view-pdf/components/view-pdf-page'));
/**
 * A page rendered directly when its chunk has already run (preloaded at start-up), through `lazy` otherwise. The
 * choice is made once per mount, so a chunk arriving later never swaps the component under a mounted page.
 */
function preloadedOrLazy<P extends object = object>(
  loaded: () => ComponentType<P> | undefined,
  Lazy: ComponentType<P>,
): ComponentType<P> {
  return function Page(props: P) {
    const [Loaded] = useState(loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

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

/** Dashboard children, read from the one route-ownership table in `shared`. */
const dashboardChildren: RouteObject[] = [
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
  ...ROUTES.map((route) => {
    const element = (
      <PageErrorBoundary>
        <Suspense fallback={<ContentSpinner label="Chargement du module…" />}>
          <RemotePage key={route.id} route={route} />
        </Suspense>
      </PageErrorBoundary>
    );
    return { path: route.path, element: route.extra ? <RequireSubject>{element}</RequireSubject> : element };
  }),
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

export const routes: RouteObject[] = [
  {
    path: '/',
    element: page(
      <PublicOnly>
        <LoginPage />
      </PublicOnly>,
    ),
  },
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
    children: dashboardChildren,
  },
  { path: '*', element: <NotFound /> },
];
