import { useMutation } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type MutationConfig } from 'shared';
import { type MessageBody, type SignupBody } from 'shared/contract';

export async function signupRequest(body: SignupBody): Promise<MessageBody> {
  const { data } = await apiClient.post<MessageBody>(AUTH_PATHS.signup, body);
  return data;
}

/** A new account waits for an administrator: nothing cached changes until one activates it. */
export function useSignup(mutationConfig?: MutationConfig<typeof signupRequest>) {
  return useMutation({ ...mutationConfig, mutationFn: signupRequest });
}
