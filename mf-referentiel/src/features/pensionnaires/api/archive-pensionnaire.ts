import { invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { archiveReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while the resident has a live reservation. */
export function archivePensionnaire(id: number): Promise<Written<Pensionnaire>> {
  return archiveReference(REFERENTIEL_PATHS.pensionnaires, id);
}

/** The resident leaves the active lists; their card shows them archived. */
export function useArchivePensionnaire(mutationConfig?: MutationConfig<typeof archivePensionnaire>) {
  return useWrite(
    archivePensionnaire,
    (queryClient) => invalidate(queryClient, pensionnaireKeys.all),
    mutationConfig,
  );
}
