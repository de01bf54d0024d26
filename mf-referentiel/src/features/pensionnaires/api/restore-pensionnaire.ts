import { invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { restoreReference, type Written } from '../../../lib/reference-api';

export function restorePensionnaire(id: number): Promise<Written<Pensionnaire>> {
  return restoreReference(REFERENTIEL_PATHS.pensionnaires, id);
}

/** The resident is back in the active lists. */
export function useRestorePensionnaire(mutationConfig?: MutationConfig<typeof restorePensionnaire>) {
  return useWrite(
    restorePensionnaire,
    (queryClient) => invalidate(queryClient, pensionnaireKeys.all),
    mutationConfig,
  );
}
