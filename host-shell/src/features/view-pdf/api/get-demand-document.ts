import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';

/** The communication document of a demand, as a PDF blob (spec §7: GET /demande/communication/{id}). */
export async function getDemandDocument(id: string, signal?: AbortSignal): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(`/demande/communication/${encodeURIComponent(id)}`, {
    responseType: 'blob',
    signal,
  });
  return data;
}

/** A document is read once, in its own tab: not kept in memory after the page closes (`gcTime: 0`). */
export const demandDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['demande', 'communication', id],
    queryFn: ({ signal }) => getDemandDocument(id, signal),
    gcTime: 0,
  });

export function useDemandDocument(id: string, queryConfig?: QueryConfig<typeof demandDocumentQueryOptions>) {
  return useQuery({ ...demandDocumentQueryOptions(id), ...queryConfig });
}
