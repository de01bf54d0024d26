import { apiClient, invalidate, useWrite, type MutationConfig } from 'shared';
import { FOYERS_PATHS, type FoyerUpdateBody, type FoyerWritten } from 'shared/contract';
import { foyerKeys } from './foyer-keys';

export async function updateFoyer({
  id,
  body,
}: {
  id: number;
  body: FoyerUpdateBody;
}): Promise<FoyerWritten> {
  const { data } = await apiClient.put<FoyerWritten>(`${FOYERS_PATHS.list}/${id}`, body);
  return data;
}

/** The household's name shows in its card, the lists and the resident cards' household link: all of `foyers`. */
export function useUpdateFoyer(mutationConfig?: MutationConfig<typeof updateFoyer>) {
  return useWrite(updateFoyer, (queryClient) => invalidate(queryClient, foyerKeys.all), mutationConfig);
}
