import { apiClient, useWrite } from 'shared';
import { DEMANDES_PATHS } from 'shared/contract/values';
import type { DemandeCreateAnswer, DemandeCreateBody } from 'shared/contract';
import { refreshDemandes } from '../../../lib/refresh-demandes';

/** POST /demande_hebergement: a request typed in by staff (add mode). */
export async function createDemande(body: DemandeCreateBody) {
  const { data } = await apiClient.post<DemandeCreateAnswer>(DEMANDES_PATHS.one, body);
  return data;
}

/** New residents and households may be created with it: the residents' lookups refresh too. */
export const useCreateDemande = () => useWrite(createDemande, refreshDemandes());
