import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { USERS_PATH, type CreatedUser, type CreateUserBody } from 'shared/contract';
import { userKeys } from './get-users';

/** Creates an active account with a temporary password (409 when the e-mail is taken). */
export async function createUser(body: CreateUserBody): Promise<CreatedUser> {
  const { data } = await apiClient.post<CreatedUser>(USERS_PATH, body);
  return data;
}

/** The new account appears in the list. */
export function useCreateUser(mutationConfig?: MutationConfig<typeof createUser>) {
  return useWrite(createUser, (queryClient) => invalidate(queryClient, userKeys.lists()), mutationConfig);
}
