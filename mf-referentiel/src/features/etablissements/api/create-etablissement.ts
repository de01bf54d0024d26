import { etablissementKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Etablissement, type EtablissementBody } from 'shared/contract';
import { createReference, type Written } from '../../../lib/reference-api';

export function createEtablissement(body: EtablissementBody): Promise<Written<Etablissement>> {
  return createReference(REFERENTIEL_PATHS.etablissements, body);
}

/** A new hotel: the hotel lists and the hotels lookup (every hotel Select, in every remote) refresh. */
export function useCreateEtablissement(mutationConfig?: MutationConfig<typeof createEtablissement>) {
  return useWrite(
    createEtablissement,
    (queryClient) => invalidate(queryClient, etablissementKeys.lists(), etablissementKeys.lookups()),
    mutationConfig,
  );
}
