import { etablissementKeys, invalidate, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { archiveReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the hotel still has open contracts or live reservations. */
export function archiveEtablissement(id: number): Promise<Written<Etablissement>> {
  return archiveReference(REFERENTIEL_PATHS.etablissements, id);
}

/** The hotel leaves the active lists and the lookup; its card shows it archived. */
export function useArchiveEtablissement(mutationConfig?: MutationConfig<typeof archiveEtablissement>) {
  return useWrite(
    archiveEtablissement,
    (queryClient) => invalidate(queryClient, etablissementKeys.all),
    mutationConfig,
  );
}
