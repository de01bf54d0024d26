import { invalidate, useWrite, type MutationConfig } from 'shared';
import { updateReference, type Written } from '../../../lib/reference-api';
import type { ContratBody, ContratDetail, ContratKind, ContratKindName } from '../kinds';

/** Replaces the header and every line (lines keep their `id`). */
export function updateContrat<K extends ContratKindName>({
  kind,
  id,
  body,
}: {
  kind: ContratKind<K>;
  id: number;
  body: ContratBody<K>;
}): Promise<Written<ContratDetail<K>>> {
  return updateReference(kind.path, id, body);
}

/** The card shows the answer at once; the kind's lists (reference, party, period, amounts) refresh. */
export function useUpdateContrat(mutationConfig?: MutationConfig<typeof updateContrat>) {
  return useWrite(
    updateContrat,
    (queryClient, written, { kind }) => {
      queryClient.setQueryData(kind.keys.detail(written.data.id), written.data);
      return invalidate(queryClient, kind.keys.lists());
    },
    mutationConfig,
  );
}
