import { invalidate, pensionnaireKeys, useWrite, type MutationConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire, type PensionnairePatchBody } from 'shared/contract';
import { patchReference, type Written } from '../../../lib/reference-api';

/** An agent's correction (`PATCH`): only the fields sent change; the API refuses an agent any other (403). */
export function correctPensionnaire({
  id,
  body,
}: {
  id: number;
  body: PensionnairePatchBody;
}): Promise<Written<Pensionnaire>> {
  return patchReference(REFERENTIEL_PATHS.pensionnaires, id, body);
}

/** The card shows the answer at once; the resident lists refresh. */
export function useCorrectPensionnaire(mutationConfig?: MutationConfig<typeof correctPensionnaire>) {
  return useWrite(
    correctPensionnaire,
    (queryClient, written) => {
      queryClient.setQueryData(pensionnaireKeys.detail(written.data.id), written.data);
      return invalidate(queryClient, pensionnaireKeys.all);
    },
    mutationConfig,
  );
}
