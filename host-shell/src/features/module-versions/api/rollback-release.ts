import { apiClient, useWrite, type MutationConfig } from 'shared';
import { REGISTRY_PATH, type PointerChange, type RollbackBody } from 'shared/contract';
import { refreshRegistry } from './promote-release';

export interface RollbackReleaseInput {
  remote: string;
  body: RollbackBody;
}

/** POST /registry/:remote/rollback: withdraws the canary when there is one, else puts back the previous live release. */
export async function rollbackRelease({ remote, body }: RollbackReleaseInput): Promise<PointerChange> {
  const { data } = await apiClient.post<PointerChange>(`${REGISTRY_PATH}/${remote}/rollback`, body);
  return data;
}

export function useRollbackRelease(mutationConfig?: MutationConfig<typeof rollbackRelease>) {
  return useWrite(
    rollbackRelease,
    { onSuccess: refreshRegistry, onConflict: refreshRegistry },
    mutationConfig,
  );
}
