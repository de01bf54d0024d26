import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, login, type MutationConfig } from 'shared';
import type { ChangePasswordBody, ChangePasswordResponse } from 'shared/contract';

/**
 * The user's new password, given the current one. The API ends every other session and signs this one's token
 * again (the old one is refused from now on): it replaces the stored token at once.
 */
export async function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  const { data } = await apiClient.put<ChangePasswordResponse>(AUTH_PATHS.password, body);
  login(data.token);
  return data;
}

export function useChangePassword(mutationConfig?: MutationConfig<typeof changePassword>) {
  return useMutation({ ...mutationConfig, mutationFn: changePassword });
}
