import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { REGISTRY_PATH, type ReleaseHistory } from 'shared/contract';
import { registryKeys } from './registry-keys';

/**
 * The most events the screen reads: the whole trail of a remote in practice, so that the rollback's target
 * (`rollbackTarget` over the promotes and rollbacks) is the API's.
 */
export const HISTORY_LIMIT = 500;

/** GET /registry/:remote/history: the remote's trail, newest first. */
export async function getReleaseHistory(
  remote: string,
  signal?: AbortSignal,
): Promise<ReleaseHistory['data']> {
  const { data } = await apiClient.get<ReleaseHistory>(`${REGISTRY_PATH}/${remote}/history`, {
    params: { limit: HISTORY_LIMIT },
    signal,
  });
  return data.data;
}

export const releaseHistoryQueryOptions = (remote: string) =>
  queryOptions({
    queryKey: registryKeys.history(remote),
    queryFn: ({ signal }) => getReleaseHistory(remote, signal),
  });

export function useReleaseHistory(
  remote: string,
  queryConfig?: QueryConfig<typeof releaseHistoryQueryOptions>,
) {
  return useQuery({ ...releaseHistoryQueryOptions(remote), ...queryConfig });
}
