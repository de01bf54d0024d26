import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type MutationConfig } from 'shared';
import type { MessageBody, ResetPasswordBody } from 'shared/contract';

/** A new password with the e-mailed link's token; every session of the account ends (docs/auth.md). */
export async function resetPasswordRequest(body: ResetPasswordBody): Promise<MessageBody> {
  const { data } = await apiClient.post<MessageBody>(AUTH_PATHS.resetPassword, body);
  return data;
}

export function useResetPassword(mutationConfig?: MutationConfig<typeof resetPasswordRequest>) {
  return useMutation({ ...mutationConfig, mutationFn: resetPasswordRequest });
}
