import type { QueryClient } from '@tanstack/react-query';
import { apiClient, invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { FOYERS_PATHS, type FoyerWritten } from 'shared/contract';
import { foyerKeys } from './foyer-keys';

export interface FoyerMembreVariables {
  foyerId: number;
  pensionnaireId: number;
}

const membreUrl = ({ foyerId, pensionnaireId }: FoyerMembreVariables) =>
  `${FOYERS_PATHS.list}/${foyerId}/${FOYERS_PATHS.membres}/${pensionnaireId}`;

/** PUT /foyers/:id/membres/:pensionnaireId: adds the resident (moving them from another household, if any). */
export async function addFoyerMembre(variables: FoyerMembreVariables): Promise<FoyerWritten> {
  const { data } = await apiClient.put<FoyerWritten>(membreUrl(variables));
  return data;
}

/** DELETE /foyers/:id/membres/:pensionnaireId. */
export async function removeFoyerMembre(variables: FoyerMembreVariables): Promise<FoyerWritten> {
  const { data } = await apiClient.delete<FoyerWritten>(membreUrl(variables));
  return data;
}

/**
 * A membership change rewrites the resident's `foyerId`: every household (the one joined, the one left, the
 * lists' member names) and the residents (their cards link to their household) refresh.
 */
const refresh = (queryClient: QueryClient) => invalidate(queryClient, foyerKeys.all, pensionnaireKeys.all);

export function useAddFoyerMembre(mutationConfig?: MutationConfig<typeof addFoyerMembre>) {
  return useWrite(addFoyerMembre, refresh, mutationConfig);
}

export function useRemoveFoyerMembre(mutationConfig?: MutationConfig<typeof removeFoyerMembre>) {
  return useWrite(removeFoyerMembre, refresh, mutationConfig);
}
