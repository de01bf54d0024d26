import { apiClient } from 'shared';
import { DEMANDES_PATHS, type SyncAnswer } from 'shared/contract';
import { useDemandeWrite } from '../../../lib/demande-writes';

/** POST /demande_hebergement/sync: re-aligns each request with its stays, a result per request. */
export async function syncDemandes(demandeIds: number[]): Promise<SyncAnswer> {
  const { data } = await apiClient.post<SyncAnswer>(DEMANDES_PATHS.sync, { demande_ids: demandeIds });
  return data;
}

export function useSyncDemandes() {
  return useDemandeWrite(syncDemandes, { stays: true });
}
