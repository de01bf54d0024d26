import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type MutationConfig } from 'shared';
import { type LoginBody, type LoginResponse } from 'shared/contract';

export async function loginRequest(body: LoginBody): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(AUTH_PATHS.login, body);
  return data;
}

/** Logging in changes no cached data: the cache starts empty for the new session (`AppProviders`). */
export function useLogin(mutationConfig?: MutationConfig<typeof loginRequest>) {
  return useMutation({ ...mutationConfig, mutationFn: loginRequest });
}
