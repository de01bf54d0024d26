import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, COMMUNICATION_PATHS } from 'shared';

/**
 * A request's document as a PDF blob (spec §7: GET /demande/communication/{id}, `id` the request's): its latest, or
 * the one of its documents `communicationId` names.
 */
export async function getDemandDocument(
  demandeId: number,
  communicationId: number | undefined,
  signal?: AbortSignal,
): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(`${COMMUNICATION_PATHS.document}/${demandeId}`, {
    params: communicationId === undefined ? undefined : { communication: communicationId },
    responseType: 'blob',
    signal,
  });
  return data;
}

/** A document is read once, in its own tab: not kept in memory after the page closes (`gcTime: 0`). */
export const demandDocumentQueryOptions = (demandeId: number, communicationId?: number) =>
  queryOptions({
    queryKey: ['demande', 'communication', demandeId, communicationId ?? 'derniere'],
    queryFn: ({ signal }) => getDemandDocument(demandeId, communicationId, signal),
    gcTime: 0,
  });

export const useDemandDocument = (demandeId: number, communicationId?: number) =>
  useQuery(demandDocumentQueryOptions(demandeId, communicationId));
