import { invalidate, typeChambreKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre } from 'shared/contract';
import { restoreReference, type Written } from '../../../lib/reference-api';

export function restoreTypeChambre(id: number): Promise<Written<TypeChambre>> {
  return restoreReference(REFERENTIEL_PATHS.typesChambre, id);
}

/** The room type is back in the active list and the lookup. */
export function useRestoreTypeChambre(mutationConfig?: MutationConfig<typeof restoreTypeChambre>) {
  return useWrite(
    restoreTypeChambre,
    (queryClient) => invalidate(queryClient, typeChambreKeys.all),
    mutationConfig,
  );
}
