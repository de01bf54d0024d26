import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ContentSpinner, FullPageSpinner, ROUTES } from 'shared';
import { NotFound } from '../features/not-found';
import { PublicOnly, RequireSubject, RequireToken } from './route-guards';

const loadDashboardLayout = () => import('../features/shell/components/dashboard-layout');
const loadDashboardHome = () => import('../features/dashboard-home/components/dashboard-home');

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const SignupPage = lazy(() => import('../features/auth/components/signup-page'));
const ViewPdfPage = lazy(() => import('../features/view-pdf/components/view-pdf-page'));
const DashboardLayout = lazy(() => {
  preloadDashboard();
  return loadDashboardLayout();
});
const DashboardHome = lazy(loadDashboardHome);
const RemotePage = lazy(() =>
  import('../features/remotes/components/remote-page').then((module) => ({ default: module.RemotePage })),
);

/**
 * Starts downloading the dashboard's layout and, when the page is the dashboard's home, the home's chunk with it,
 * instead of discovering the second once the first has rendered: at start-up with a stored session, and whenever
 * the layout is first needed (right after the login form). Chunks are fetched once, whoever asks first.
 */
export function preloadDashboard(): void {
  void loadDashboardLayout();
  if (/^\/dashboard\/?$/.test(window.location.pathname)) void loadDashboardHome();
}

const page = (element: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>;

/** Dashboard children, read from the one route-ownership table in `shared`. */
const dashboardChildren: RouteObject[] = [
  {
    index: true,
    element: (
      <Suspense fallback={<ContentSpinner />}>
        <DashboardHome />
      </Suspense>
    ),
  },
  ...ROUTES.map((route) => {
    const element = (
      <Suspense fallback={<ContentSpinner label="Chargement du module…" />}>
        <RemotePage key={route.id} route={route} />
      </Suspense>
    );
    return { path: route.path, element: route.extra ? <RequireSubject>{element}</RequireSubject> : element };
  }),
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
        <DashboardLayout />
      </RequireToken>,
    ),
    children: dashboardChildren,
  },
  { path: '*', element: <NotFound /> },
];
