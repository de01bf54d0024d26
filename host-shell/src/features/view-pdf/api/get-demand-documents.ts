import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, demandeKeys } from 'shared';
import {
  DEMANDES_PATHS,
  type Communication,
  type DemandeDetail,
  type DemandeDetailAnswer,
} from 'shared/contract';

/** GET /demande_hebergement/{id}: the request's card, which lists its communications newest first. */
export async function getDemande(id: number, signal?: AbortSignal): Promise<DemandeDetail> {
  const { data } = await apiClient.get<DemandeDetailAnswer>(`${DEMANDES_PATHS.one}/${id}`, { signal });
  return data.data;
}

/** Under the card's own key (the demand remote reads the same answer): the viewer keeps the documents only. */
export const demandDocumentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: demandeKeys.detail(id),
    queryFn: ({ signal }) => getDemande(id, signal),
    select: (demande): Communication[] => demande.communications.filter((c) => c.document_nom !== null),
  });

export const useDemandDocuments = (id: number) => useQuery(demandDocumentsQueryOptions(id));
