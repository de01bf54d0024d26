import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { REGISTRY_PATH, type RegistryStatus } from 'shared/contract';
import { registryKeys } from './registry-keys';

/** GET /registry: each remote's live release, canary and pointer version. */
export async function getRegistryStatus(signal?: AbortSignal): Promise<RegistryStatus['data']> {
  const { data } = await apiClient.get<RegistryStatus>(REGISTRY_PATH, { signal });
  return data.data;
}

export const registryStatusQueryOptions = () =>
  queryOptions({ queryKey: registryKeys.status(), queryFn: ({ signal }) => getRegistryStatus(signal) });

export function useRegistryStatus(queryConfig?: QueryConfig<typeof registryStatusQueryOptions>) {
  return useQuery({ ...registryStatusQueryOptions(), ...queryConfig });
}
