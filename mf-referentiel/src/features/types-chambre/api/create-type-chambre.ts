import { invalidate, typeChambreKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre, type TypeChambreBody } from 'shared/contract';
import { createReference, type Written } from '../../../lib/reference-api';

export function createTypeChambre(body: TypeChambreBody): Promise<Written<TypeChambre>> {
  return createReference(REFERENTIEL_PATHS.typesChambre, body);
}

/** A new room type: the list and the room types lookup (the tariff lines' Select) refresh. */
export function useCreateTypeChambre(mutationConfig?: MutationConfig<typeof createTypeChambre>) {
  return useWrite(
    createTypeChambre,
    (queryClient) => invalidate(queryClient, typeChambreKeys.lists(), typeChambreKeys.lookups()),
    mutationConfig,
  );
}
