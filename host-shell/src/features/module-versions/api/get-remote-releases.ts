import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { REGISTRY_PATH, type RemoteReleases } from 'shared/contract';
import { registryKeys } from './registry-keys';

/** GET /registry/:remote/releases: the remote's registered releases, newest first. */
export async function getRemoteReleases(
  remote: string,
  signal?: AbortSignal,
): Promise<RemoteReleases['data']> {
  const { data } = await apiClient.get<RemoteReleases>(`${REGISTRY_PATH}/${remote}/releases`, { signal });
  return data.data;
}

export const remoteReleasesQueryOptions = (remote: string) =>
  queryOptions({
    queryKey: registryKeys.releases(remote),
    queryFn: ({ signal }) => getRemoteReleases(remote, signal),
  });

export function useRemoteReleases(
  remote: string,
  queryConfig?: QueryConfig<typeof remoteReleasesQueryOptions>,
) {
  return useQuery({ ...remoteReleasesQueryOptions(remote), ...queryConfig });
}
