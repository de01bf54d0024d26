import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, reservationIntegraleKeys, type QueryConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { RecapAnswer, RecapPensionnaire } from 'shared/contract';

/** GET /reservations_integrales/recap/:id: one row per resident, the chain of stays summed. */
export async function getRecap(id: number, signal?: AbortSignal): Promise<RecapPensionnaire[]> {
  const { data } = await apiClient.get<RecapAnswer>(`${RESERVATIONS_PATHS.integraleRecap}/${id}`, { signal });
  return data.reservations;
}

/** Below the full reservation's own key: whatever refreshes it refreshes its recap. */
export const recapQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...reservationIntegraleKeys.detail(id), 'recap'],
    queryFn: ({ signal }) => getRecap(id, signal),
  });

export function useRecap(id: number, queryConfig?: QueryConfig<typeof recapQueryOptions>) {
  return useQuery({ ...recapQueryOptions(id), ...queryConfig });
}
