import { invalidate, useWrite, type MutationConfig } from 'shared';
import type { Groupe } from 'shared/contract';
import { restoreReference, type Written } from '../../../lib/reference-api';
import { GROUPE_KINDS, type GroupeKind } from './groupe-kinds';

export function restoreGroupe({ kind, id }: { kind: GroupeKind; id: number }): Promise<Written<Groupe>> {
  return restoreReference(GROUPE_KINDS[kind].path, id);
}

/** The group is back in the active list and the lookup. */
export function useRestoreGroupe(mutationConfig?: MutationConfig<typeof restoreGroupe>) {
  return useWrite(
    restoreGroupe,
    (queryClient, _written, { kind }) => invalidate(queryClient, GROUPE_KINDS[kind].keys.all),
    mutationConfig,
  );
}
