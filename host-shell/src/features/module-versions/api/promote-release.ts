import type { QueryClient } from '@tanstack/react-query';
import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { REGISTRY_PATH, type PointerChange, type PromoteBody } from 'shared/contract';
import { registryKeys } from './registry-keys';

export interface PromoteReleaseInput {
  remote: string;
  body: PromoteBody;
}

/** POST /registry/:remote/promote: live for everyone, or a canary for `body.canary` % of the users. */
export async function promoteRelease({ remote, body }: PromoteReleaseInput): Promise<PointerChange> {
  const { data } = await apiClient.post<PointerChange>(`${REGISTRY_PATH}/${remote}/promote`, body);
  return data;
}

/** After a change, and after a 409 (someone moved the pointer meanwhile), the screen re-reads the registry. */
export const refreshRegistry = (queryClient: QueryClient) => invalidate(queryClient, registryKeys.all);

export function usePromoteRelease(mutationConfig?: MutationConfig<typeof promoteRelease>) {
  return useWrite(
    promoteRelease,
    { onSuccess: refreshRegistry, onConflict: refreshRegistry },
    mutationConfig,
  );
}
