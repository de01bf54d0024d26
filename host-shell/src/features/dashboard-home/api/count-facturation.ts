import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, FACTURATION_COMPTEURS_PATH, facturationCompteursKeys, type QueryConfig } from 'shared';
import type { FacturationCompteurs } from 'shared/contract';

/** The two invoicing counters of the dashboard in one request: GET /facturation/compteurs (issue 39 §3). */
export async function countFacturation(signal?: AbortSignal): Promise<FacturationCompteurs> {
  const { data } = await apiClient.get<FacturationCompteurs>(FACTURATION_COMPTEURS_PATH, { signal });
  return data;
}

export const facturationCountQueryOptions = () =>
  queryOptions({
    queryKey: facturationCompteursKeys.all,
    queryFn: ({ signal }) => countFacturation(signal),
  });

export function useFacturationCounters(queryConfig?: QueryConfig<typeof facturationCountQueryOptions>) {
  return useQuery({ ...facturationCountQueryOptions(), ...queryConfig });
}
