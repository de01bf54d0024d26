import { apiClient } from 'shared';
import { AUTH_PATHS, type CurrentUser } from 'shared/contract';

export async function getCurrentUser(): Promise<CurrentUser> {
  const { data } = await apiClient.get<CurrentUser>(AUTH_PATHS.me);
  return data;
}
