import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import type { LoginBody } from 'shared/contract';
import LoginPage from '../features/auth/components/login-page';
import { PageErrorBoundary } from './page-error-boundary';
import { preloadedOrLazy } from './preloaded-or-lazy';
import { PublicOnly } from './public-only';
import { loadedSignedIn, loadSignedIn } from './signed-in-loader';
import { PageLoading } from './page-loading';

// The login page is the one page drawn before antd, TanStack Query and the API client are loaded (issue 37 §5): the
// rest — every other page, the dashboard's routes, the providers — is the signed-in part (signed-in.tsx), loaded
// at start-up for any other page and on the login form's first keystroke otherwise (signed-in-loader.ts).

const SignedInApp = preloadedOrLazy(
  () => loadedSignedIn?.SignedInApp,
  lazy(() => loadSignedIn().then((part) => ({ default: part.SignedInApp }))),
);
const LoginToasts = lazy(() => loadSignedIn().then((part) => ({ default: part.LoginToasts })));

const signIn = (body: LoginBody) => loadSignedIn().then((part) => part.signIn(body));
const prepare = () => void loadSignedIn().catch(() => undefined);

/** The login page and, after a failed attempt, the providers that show the client's error toast beside it. */
function LoginRoute() {
  const [failures, setFailures] = useState(0);
  return (
    <>
      <LoginPage signIn={signIn} onFirstInput={prepare} onFailure={() => setFailures((n) => n + 1)} />
      {failures > 0 && (
        <Suspense fallback={null}>
          {/* Mounted again at each failure: its notifier takes the toasts held since the attempt began. */}
          <LoginToasts key={failures} />
        </Suspense>
      )}
    </>
  );
}

/** '/' is the login page; every other path is the signed-in part's, which routes it (router.tsx). */
export const rootRoutes = (): RouteObject[] => [
  {
    path: '/',
    element: (
      <PublicOnly>
        <LoginRoute />
      </PublicOnly>
    ),
  },
  {
    path: '*',
    element: (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <SignedInApp />
        </Suspense>
      </PageErrorBoundary>
    ),
  },
];

function AppRoutes() {
  const [routes] = useState(rootRoutes);
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
