import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { FOYERS_PATHS, type FoyerCreateBody, type FoyerWritten } from 'shared/contract';
import { foyerKeys } from './foyer-keys';

export async function createFoyer(body: FoyerCreateBody): Promise<FoyerWritten> {
  const { data } = await apiClient.post<FoyerWritten>(FOYERS_PATHS.list, body);
  return data;
}

/** The household lists refresh. */
export function useCreateFoyer(mutationConfig?: MutationConfig<typeof createFoyer>) {
  return useWrite(createFoyer, (queryClient) => invalidate(queryClient, foyerKeys.lists()), mutationConfig);
}
