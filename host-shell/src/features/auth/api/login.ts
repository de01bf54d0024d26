import { apiClient, AUTH_PATHS } from 'shared';
import { type LoginBody, type LoginResponse } from 'shared/contract';

/**
 * Logging in changes no cached data: the cache starts empty for the new session (`AppProviders`). A plain call,
 * not a mutation hook: the login page renders without TanStack Query (app/signed-in.tsx sends it).
 */
export async function loginRequest(body: LoginBody): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(AUTH_PATHS.login, body);
  return data;
}
