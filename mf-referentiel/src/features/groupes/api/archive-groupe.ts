import { invalidate, useWrite, type MutationConfig } from 'shared';
import type { Groupe } from 'shared/contract';
import { archiveReference, type Written } from '../../../lib/reference-api';
import { GROUPE_KINDS, type GroupeKind } from './groupe-kinds';

/** 409 with the French reason while the group still holds active hotels or clients. */
export function archiveGroupe({ kind, id }: { kind: GroupeKind; id: number }): Promise<Written<Groupe>> {
  return archiveReference(GROUPE_KINDS[kind].path, id);
}

/** The group leaves the active list and the lookup. */
export function useArchiveGroupe(mutationConfig?: MutationConfig<typeof archiveGroupe>) {
  return useWrite(
    archiveGroupe,
    (queryClient, _written, { kind }) => invalidate(queryClient, GROUPE_KINDS[kind].keys.all),
    mutationConfig,
  );
}
