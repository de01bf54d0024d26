import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, resourceKeys, type QueryConfig } from 'shared';
import { USERS_PATH, type UsersPage, type UsersQuery } from 'shared/contract';

/** Accounts are read and written by this remote only: their keys live here. */
export const userKeys = resourceKeys('users');

/** Largest page `GET /users` serves (`UsersQuery` in shared/src/contract/users.ts). */
export const USERS_MAX_PAGE_SIZE = 100;

/** A page of accounts, sorted by name; administrators only (403 otherwise). */
export async function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { data } = await apiClient.get<UsersPage>(USERS_PATH, { params: query, signal });
  return data;
}

/** The previous page stays on screen while the next one loads. */
export const getUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery, queryConfig?: QueryConfig<typeof getUsersQueryOptions>) {
  return useQuery({ ...getUsersQueryOptions(query), ...queryConfig });
}
