import { invalidate, useWrite, type MutationConfig } from 'shared';
import { createReference, type Written } from '../../../lib/reference-api';
import type { ContratBody, ContratDetail, ContratKind, ContratKindName } from '../kinds';

/** Creates a contract (brouillon) with its lines. */
export function createContrat<K extends ContratKindName>({
  kind,
  body,
}: {
  kind: ContratKind<K>;
  body: ContratBody<K>;
}): Promise<Written<ContratDetail<K>>> {
  return createReference(kind.path, body);
}

/** The new contract is put in the cache for its card to open on; its kind's lists refresh. */
export function useCreateContrat(mutationConfig?: MutationConfig<typeof createContrat>) {
  return useWrite(
    createContrat,
    (queryClient, written, { kind }) => {
      queryClient.setQueryData(kind.keys.detail(written.data.id), written.data);
      return invalidate(queryClient, kind.keys.lists());
    },
    mutationConfig,
  );
}
