import { apiClient, useWrite } from 'shared';
import { DEMANDES_PATHS } from 'shared/contract/values';
import type { SyncAnswer, TaskQueuedAnswer } from 'shared/contract';
import { refreshDemandes } from '../../../lib/refresh-demandes';

/**
 * POST /demande_hebergement/sync: re-aligns each request with its stays, a result per request — or, beyond
 * SYNC_TASK_THRESHOLD requests, 202 { message, task_id }: a task (its message is the client's success toast).
 */
export async function syncDemandes(demandeIds: number[]): Promise<SyncAnswer | TaskQueuedAnswer> {
  const { data } = await apiClient.post<SyncAnswer | TaskQueuedAnswer>(DEMANDES_PATHS.sync, {
    demande_ids: demandeIds,
  });
  return data;
}

export function useSyncDemandes() {
  return useWrite(syncDemandes, refreshDemandes({ stays: true }));
}
