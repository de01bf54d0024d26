import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { STATS_PATHS, type StatsPaxAnswer, type StatsQuery } from 'shared/contract';
import { statsKeys } from './stats-keys';

export async function getStatsPax(query: StatsQuery, signal?: AbortSignal): Promise<StatsPaxAnswer> {
  const { data } = await apiClient.get<StatsPaxAnswer>(STATS_PATHS.pax, { params: query, signal });
  return data;
}

export const statsPaxQueryOptions = (query: StatsQuery) =>
  queryOptions({
    queryKey: statsKeys.vue('pax', query),
    queryFn: ({ signal }) => getStatsPax(query, signal),
  });

export function useStatsPax(query: StatsQuery, queryConfig?: QueryConfig<typeof statsPaxQueryOptions>) {
  return useQuery({ ...statsPaxQueryOptions(query), ...queryConfig });
}
