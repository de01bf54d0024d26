import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { STATS_PATHS, type StatsCaAnswer, type StatsQuery } from 'shared/contract';
import { statsKeys } from './stats-keys';

export async function getStatsCa(query: StatsQuery, signal?: AbortSignal): Promise<StatsCaAnswer> {
  const { data } = await apiClient.get<StatsCaAnswer>(STATS_PATHS.ca, { params: query, signal });
  return data;
}

export const statsCaQueryOptions = (query: StatsQuery) =>
  queryOptions({
    queryKey: statsKeys.vue('ca', query),
    queryFn: ({ signal }) => getStatsCa(query, signal),
  });

export function useStatsCa(query: StatsQuery, queryConfig?: QueryConfig<typeof statsCaQueryOptions>) {
  return useQuery({ ...statsCaQueryOptions(query), ...queryConfig });
}
