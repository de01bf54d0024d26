import { invalidate, useWrite, type MutationConfig } from 'shared';
import type { Groupe, GroupeBody } from 'shared/contract';
import { createReference, type Written } from '../../../lib/reference-api';
import { GROUPE_KINDS, type GroupeKind } from './groupe-kinds';

export function createGroupe({
  kind,
  body,
}: {
  kind: GroupeKind;
  body: GroupeBody;
}): Promise<Written<Groupe>> {
  return createReference(GROUPE_KINDS[kind].path, body);
}

/** A new group: its list and its lookup (the « Groupe » Select of hotels or clients) refresh. */
export function useCreateGroupe(mutationConfig?: MutationConfig<typeof createGroupe>) {
  return useWrite(
    createGroupe,
    (queryClient, _written, { kind }) =>
      invalidate(queryClient, GROUPE_KINDS[kind].keys.lists(), GROUPE_KINDS[kind].keys.lookups()),
    mutationConfig,
  );
}
