import { apiClient } from 'shared';

/** The communication document of a demand, as a PDF blob (spec §7: GET /demande/communication/{id}). */
export async function getDemandDocument(id: string, signal?: AbortSignal): Promise<Blob> {
  const { data } = await apiClient.get<Blob>(`/demande/communication/${encodeURIComponent(id)}`, {
    responseType: 'blob',
    signal,
  });
  return data;
}
