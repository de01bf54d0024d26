import { invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire, type PensionnaireBody } from 'shared/contract';
import { updateReference, type Written } from '../../../lib/reference-api';

export function updatePensionnaire({
  id,
  body,
}: {
  id: number;
  body: PensionnaireBody;
}): Promise<Written<Pensionnaire>> {
  return updateReference(REFERENTIEL_PATHS.pensionnaires, id, body);
}

/** The card shows the answer at once; the resident lists refresh. */
export function useUpdatePensionnaire(mutationConfig?: MutationConfig<typeof updatePensionnaire>) {
  return useWrite(
    updatePensionnaire,
    (queryClient, written) => {
      queryClient.setQueryData(pensionnaireKeys.detail(written.data.id), written.data);
      return invalidate(queryClient, pensionnaireKeys.all);
    },
    mutationConfig,
  );
}
