import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import { STATS_PATHS, type StatsMoisAnswer, type StatsQuery } from 'shared/contract';
import { statsKeys } from './stats-keys';

export async function getStatsMois(query: StatsQuery, signal?: AbortSignal): Promise<StatsMoisAnswer> {
  const { data } = await apiClient.get<StatsMoisAnswer>(STATS_PATHS.mois, { params: query, signal });
  return data;
}

export const statsMoisQueryOptions = (query: StatsQuery) =>
  queryOptions({
    queryKey: statsKeys.vue('mois', query),
    queryFn: ({ signal }) => getStatsMois(query, signal),
  });

export function useStatsMois(query: StatsQuery, queryConfig?: QueryConfig<typeof statsMoisQueryOptions>) {
  return useQuery({ ...statsMoisQueryOptions(query), ...queryConfig });
}
