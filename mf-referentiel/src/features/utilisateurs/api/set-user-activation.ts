import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { USERS_PATH, type ActivationBody, type MessageBody } from 'shared/contract';
import { userKeys } from './get-users';

/** Activates or deactivates an account; a deactivated user is logged out at their next request. */
export async function setUserActivation({
  id,
  active,
}: {
  id: number;
  active: boolean;
}): Promise<MessageBody> {
  const body: ActivationBody = { active };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/activation`, body);
  return data;
}

/** The list shows the account's new status. */
export function useSetUserActivation(mutationConfig?: MutationConfig<typeof setUserActivation>) {
  return useWrite(
    setUserActivation,
    (queryClient) => invalidate(queryClient, userKeys.lists()),
    mutationConfig,
  );
}
