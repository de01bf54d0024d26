import { apiClient } from 'shared';
import { USERS_PATH, type UsersPage, type UsersQuery } from 'shared/contract';

/** Largest page `GET /users` serves (`UsersQuery` in shared/src/contract/users.ts). */
export const USERS_MAX_PAGE_SIZE = 100;

/** A page of accounts, sorted by name; administrators only (403 otherwise). */
export async function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { data } = await apiClient.get<UsersPage>(USERS_PATH, { params: query, signal });
  return data;
}
