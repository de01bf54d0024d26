import { apiClient } from 'shared';
import { AUTH_PATHS, type LoginBody, type LoginResponse } from 'shared/contract';

export async function loginRequest(body: LoginBody): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(AUTH_PATHS.login, body);
  return data;
}
