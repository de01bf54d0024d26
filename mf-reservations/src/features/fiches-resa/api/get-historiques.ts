import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, reservationKeys, type QueryConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { HistoriqueEntry, HistoriquesAnswer } from 'shared/contract';

/** GET /reservations/historiques/:id: the stay's history, newest first. */
export async function getHistoriques(id: number, signal?: AbortSignal): Promise<HistoriqueEntry[]> {
  const { data } = await apiClient.get<HistoriquesAnswer>(`${RESERVATIONS_PATHS.historiques}/${id}`, {
    signal,
  });
  return data.historiques;
}

/** Below the stay's own key: whatever refreshes the card refreshes its history. */
export const historiquesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...reservationKeys.detail(id), 'historiques'],
    queryFn: ({ signal }) => getHistoriques(id, signal),
  });

export function useHistoriques(id: number, queryConfig?: QueryConfig<typeof historiquesQueryOptions>) {
  return useQuery({ ...historiquesQueryOptions(id), ...queryConfig });
}
