import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, AUTH_PATHS, type QueryConfig } from 'shared';
import type { CurrentUser } from 'shared/contract';

/** Who the stored token belongs to. A revoked session answers 401: the API client logs out (spec §8). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const { data } = await apiClient.get<CurrentUser>(AUTH_PATHS.me, { signal });
  return data;
}

/** Key of the current user; emptied with the whole cache at logout or when another user logs in. */
export const currentUserKey = ['auth', 'me'] as const;

/**
 * Exported for start-up: with a stored token, the host prefetches it while the layout chunk downloads, and the
 * shell then mounts on the answer instead of waiting for it.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export function useCurrentUser(queryConfig?: QueryConfig<typeof currentUserQueryOptions>) {
  return useQuery({ ...currentUserQueryOptions(), ...queryConfig });
}
