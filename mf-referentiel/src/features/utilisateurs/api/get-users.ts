import { apiClient, resourceKeys, type ListLoader } from 'shared';
import { USERS_PATH, type UserItem, type UserStatut, type UsersPage, type UsersQuery } from 'shared/contract';

/** Accounts are read and written by this remote only: their keys live here. */
export const userKeys = resourceKeys('users');

/** Largest page `GET /users` serves (`UsersQuery` in shared/src/contract/users.ts). */
export const USERS_MAX_PAGE_SIZE = 100;

/** The list's filters outside the table: the name or e-mail searched, and the account's status. */
export interface UserFilters {
  search?: string;
  statut?: UserStatut;
}

/** A page of accounts, sorted by name; administrators only (403 otherwise). */
export async function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { data } = await apiClient.get<UsersPage>(USERS_PATH, { params: query, signal });
  return data;
}

/**
 * `ResourceTable`'s source: `GET /users` with the table's page and the filters, its pages under
 * `userKeys.lists()` (which the account writes invalidate).
 */
export function usersListSource(filters: UserFilters) {
  const load: ListLoader<UserItem> = async (params, signal) => {
    const answer = await getUsers(
      { page: params.page, pageSize: Math.min(params.pageSize, USERS_MAX_PAGE_SIZE), ...filters },
      signal,
    );
    return { data: answer.users, total: answer.total };
  };
  return { path: USERS_PATH, load, loadKey: JSON.stringify(filters), queryKey: userKeys.lists() };
}
