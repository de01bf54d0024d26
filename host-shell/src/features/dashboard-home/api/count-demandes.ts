import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, demandeKeys, DEMANDES_PATHS, type QueryConfig } from 'shared';
import type { DemandeCountAnswer } from 'shared/contract';

/** The three request counters of the dashboard: GET /demandesNumber (spec §7). */
export async function countDemandes(signal?: AbortSignal): Promise<DemandeCountAnswer> {
  const { data } = await apiClient.get<DemandeCountAnswer>(DEMANDES_PATHS.count, { signal });
  return data;
}

/** Under the requests' keys: any action on a request invalidates `demandeKeys.all`, and the counters refresh. */
export const demandeCountQueryOptions = () =>
  queryOptions({
    queryKey: demandeKeys.counts(),
    queryFn: ({ signal }) => countDemandes(signal),
  });

export function useDemandeCounters(queryConfig?: QueryConfig<typeof demandeCountQueryOptions>) {
  return useQuery({ ...demandeCountQueryOptions(), ...queryConfig });
}
