import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type MutationConfig } from 'shared';
import type { MessageBody } from 'shared/contract';

/** « Déconnecter toutes mes sessions »: every session of the user ends, this one included (docs/auth.md). */
export async function endAllSessions(): Promise<MessageBody> {
  const { data } = await apiClient.post<MessageBody>(AUTH_PATHS.logoutAll);
  return data;
}

export function useEndAllSessions(mutationConfig?: MutationConfig<typeof endAllSessions>) {
  return useMutation({ ...mutationConfig, mutationFn: endAllSessions });
}
