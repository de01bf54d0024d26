import {
  contratClientKeys,
  contratEtablissementKeys,
  etablissementKeys,
  invalidate,
  useWrite,
  type MutationConfig,
} from 'shared';
import { REFERENTIEL_PATHS, type Etablissement, type EtablissementBody } from 'shared/contract';
import { updateReference, type Written } from '../../../lib/reference-api';

export function updateEtablissement({
  id,
  body,
}: {
  id: number;
  body: EtablissementBody;
}): Promise<Written<Etablissement>> {
  return updateReference(REFERENTIEL_PATHS.etablissements, id, body);
}

/**
 * The card shows the answer at once; the lists and the lookup refresh, and so do the contracts that carry the
 * hotel's name: the purchase contracts (rows and cards) and the sale contracts' lines.
 */
export function useUpdateEtablissement(mutationConfig?: MutationConfig<typeof updateEtablissement>) {
  return useWrite(
    updateEtablissement,
    (queryClient, written) => {
      queryClient.setQueryData(etablissementKeys.detail(written.data.id), written.data);
      return invalidate(
        queryClient,
        etablissementKeys.all,
        contratEtablissementKeys.all,
        contratClientKeys.details(),
      );
    },
    mutationConfig,
  );
}
