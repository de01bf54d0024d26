// The shell once past the login page: antd's provider (theme, French locale, toasts), the query cache, the API
// client and every route but the login page. Loaded by signed-in-loader.ts; app.tsx routes to it.
import { useState } from 'react';
import { useRoutes } from 'react-router-dom';
import { AppProviders, checkStoredSession, configureApiClient, holdToasts, type RuntimeConfig } from 'shared';
import type { LoginBody } from 'shared/contract';
import { loginRequest } from '../features/auth/api/login';
import { registerRuntimeRemotes } from '../features/remotes/register-remotes';
import { currentUserQueryOptions } from '../features/shell/api/get-current-user';
import { queryClient } from './query-client';
import { appRoutes } from './router';

/** The API client on the registry's base URL and the remotes registered; with a session, the user asked for. */
export function start(config: RuntimeConfig, etag: string | null): void {
  configureApiClient({ baseURL: config.apiBaseUrl });
  if (checkStoredSession().status === 'valid') void queryClient.prefetchQuery(currentUserQueryOptions());
  registerRuntimeRemotes(config, etag);
}

/**
 * The login call. Its toasts (« Bienvenue… », or the error) wait for the providers that show them: the dashboard's
 * after a success, the login page's LoginToasts after a failure.
 */
export function signIn(body: LoginBody) {
  holdToasts();
  return loginRequest(body);
}

/** The signed-in routes inside the app's providers. */
export function SignedInApp() {
  // Built once, from the route table bootstrap.tsx installed before the first render.
  const [routes] = useState(() => appRoutes());
  const page = useRoutes(routes);
  return <AppProviders queryClient={queryClient}>{page}</AppProviders>;
}

/** The providers alone, beside the login page after a failed attempt: they show the client's error toast. */
export function LoginToasts() {
  return <AppProviders queryClient={queryClient}>{null}</AppProviders>;
}
