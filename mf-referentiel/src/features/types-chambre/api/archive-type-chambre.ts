import { invalidate, typeChambreKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre } from 'shared/contract';
import { archiveReference, type Written } from '../../../lib/reference-api';

/** 409 with the French reason while open contracts or live reservations use the room type. */
export function archiveTypeChambre(id: number): Promise<Written<TypeChambre>> {
  return archiveReference(REFERENTIEL_PATHS.typesChambre, id);
}

/** The room type leaves the active list and the lookup. */
export function useArchiveTypeChambre(mutationConfig?: MutationConfig<typeof archiveTypeChambre>) {
  return useWrite(
    archiveTypeChambre,
    (queryClient) => invalidate(queryClient, typeChambreKeys.all),
    mutationConfig,
  );
}
