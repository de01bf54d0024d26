import { etablissementKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { restoreReference, type Written } from '../../../lib/reference-api';

export function restoreEtablissement(id: number): Promise<Written<Etablissement>> {
  return restoreReference(REFERENTIEL_PATHS.etablissements, id);
}

/** The hotel is back in the active lists and the lookup. */
export function useRestoreEtablissement(mutationConfig?: MutationConfig<typeof restoreEtablissement>) {
  return useWrite(
    restoreEtablissement,
    (queryClient) => invalidate(queryClient, etablissementKeys.all),
    mutationConfig,
  );
}
