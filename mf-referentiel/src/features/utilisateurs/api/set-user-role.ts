import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { USERS_PATH, type MessageBody, type Role, type RoleBody } from 'shared/contract';
import { userKeys } from './get-users';

/** Changes another account's role (400 for your own); it applies at the user's next request. */
export async function setUserRole({ id, role }: { id: number; role: Role }): Promise<MessageBody> {
  const body: RoleBody = { role };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/role`, body);
  return data;
}

/** The list shows the new role. */
export function useSetUserRole(mutationConfig?: MutationConfig<typeof setUserRole>) {
  return useWrite(setUserRole, (queryClient) => invalidate(queryClient, userKeys.lists()), mutationConfig);
}
