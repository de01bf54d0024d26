import { useMutation } from '@tanstack/react-query';
import { apiClient, type MutationConfig } from 'shared';
import { USERS_PATH, type MessageBody, type PasswordBody } from 'shared/contract';

/** Sets a new password for an account; its current sessions stay valid until they expire. */
export async function resetUserPassword({
  id,
  password,
}: {
  id: number;
  password: string;
}): Promise<MessageBody> {
  const body: PasswordBody = { password };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/password`, body);
  return data;
}

/** Nothing any screen shows changes: no cache to refresh. */
export function useResetUserPassword(mutationConfig?: MutationConfig<typeof resetUserPassword>) {
  return useMutation({ ...mutationConfig, mutationFn: resetUserPassword });
}
