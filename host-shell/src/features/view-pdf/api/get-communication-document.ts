import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, COMMUNICATION_PATHS } from 'shared';

/** GET /communication/{id}/document: the PDF of a document that belongs to no request. */
export async function getCommunicationDocument(id: number, signal?: AbortSignal): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(`${COMMUNICATION_PATHS.one}/${id}/document`, {
    responseType: 'blob',
    signal,
  });
  return data;
}

export const communicationDocumentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['communication', id, 'document'],
    queryFn: ({ signal }) => getCommunicationDocument(id, signal),
    gcTime: 0,
  });

export const useCommunicationDocument = (id: number) => useQuery(communicationDocumentQueryOptions(id));
