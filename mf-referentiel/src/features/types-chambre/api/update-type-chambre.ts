import {
  contratClientKeys,
  contratEtablissementKeys,
  invalidate,
  typeChambreKeys,
  useWrite,
  type MutationConfig,
} from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre, type TypeChambreBody } from 'shared/contract';
import { updateReference, type Written } from '../../../lib/reference-api';

export function updateTypeChambre({
  id,
  body,
}: {
  id: number;
  body: TypeChambreBody;
}): Promise<Written<TypeChambre>> {
  return updateReference(REFERENTIEL_PATHS.typesChambre, id, body);
}

/** The list and the lookup refresh, and so do the contract cards, whose lines carry the room type's label. */
export function useUpdateTypeChambre(mutationConfig?: MutationConfig<typeof updateTypeChambre>) {
  return useWrite(
    updateTypeChambre,
    (queryClient) =>
      invalidate(
        queryClient,
        typeChambreKeys.all,
        contratEtablissementKeys.details(),
        contratClientKeys.details(),
      ),
    mutationConfig,
  );
}
