import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type MutationConfig } from 'shared';
import type { ForgotPasswordBody, MessageBody } from 'shared/contract';

/** The same answer whether the address has an account or not: the e-mail says the rest. */
export async function forgotPasswordRequest(body: ForgotPasswordBody): Promise<MessageBody> {
  const { data } = await apiClient.post<MessageBody>(AUTH_PATHS.forgotPassword, body);
  return data;
}

export function useForgotPassword(mutationConfig?: MutationConfig<typeof forgotPasswordRequest>) {
  return useMutation({ ...mutationConfig, mutationFn: forgotPasswordRequest });
}
