import { apiClient } from 'shared';
import { AUTH_PATHS, type MessageBody, type SignupBody } from 'shared/contract';

export async function signupRequest(body: SignupBody): Promise<MessageBody> {
  const { data } = await apiClient.post<MessageBody>(AUTH_PATHS.signup, body);
  return data;
}
