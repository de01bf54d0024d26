import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ContentSpinner, FullPageSpinner, ROUTES } from 'shared';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RemotePage } from '../features/remotes/components/remote-page';
import { PublicOnly, RequireSubject, RequireToken } from './route-guards';

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const SignupPage = lazy(() => import('../features/auth/components/signup-page'));
const ViewPdfPage = lazy(() => import('../features/view-pdf/components/view-pdf-page'));
const DashboardLayout = lazy(() => import('../features/shell/components/dashboard-layout'));
const DashboardHome = lazy(() => import('../features/dashboard-home/components/dashboard-home'));

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
    const element = <RemotePage key={route.id} route={route} />;
    return { path: route.path, element: route.extra ? <RequireSubject>{element}</RequireSubject> : element };
  }),
  { path: '*', element: <NotFoundPage /> },
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
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter(routes);
