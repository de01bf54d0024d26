import { invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire, type PensionnaireBody } from 'shared/contract';
import { createReference, type Written } from '../../../lib/reference-api';

export function createPensionnaire(body: PensionnaireBody): Promise<Written<Pensionnaire>> {
  return createReference(REFERENTIEL_PATHS.pensionnaires, body);
}

/** A new resident: the resident lists refresh (the whole list and the client card's). */
export function useCreatePensionnaire(mutationConfig?: MutationConfig<typeof createPensionnaire>) {
  return useWrite(
    createPensionnaire,
    (queryClient) => invalidate(queryClient, pensionnaireKeys.lists()),
    mutationConfig,
  );
}
