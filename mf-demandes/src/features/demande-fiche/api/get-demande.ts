import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, demandeKeys } from 'shared';
import { DEMANDES_PATHS } from 'shared/contract/values';
import type { DemandeDetail, DemandeDetailAnswer, DemandesPreviousAnswer } from 'shared/contract';

/** GET /demande_hebergement/:id: the request, its residents, stays, communications, history and allowed actions. */
export async function getDemande(id: number, signal?: AbortSignal): Promise<DemandeDetail> {
  const { data } = await apiClient.get<DemandeDetailAnswer>(`${DEMANDES_PATHS.one}/${id}`, { signal });
  return data.data;
}

export const demandeQueryOptions = (id: number) =>
  queryOptions({ queryKey: demandeKeys.detail(id), queryFn: ({ signal }) => getDemande(id, signal) });

export const useDemande = (id: number) => useQuery(demandeQueryOptions(id));

/** GET /demandes_hebergement_previous/:id: the earlier requests of the same residents or household. */
export async function getPreviousDemandes(id: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<DemandesPreviousAnswer>(`${DEMANDES_PATHS.previous}/${id}`, {
    signal,
  });
  return data.demandes;
}

export const previousDemandesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: demandeKeys.previous(id),
    queryFn: ({ signal }) => getPreviousDemandes(id, signal),
  });

export const usePreviousDemandes = (id: number) => useQuery(previousDemandesQueryOptions(id));
