import { invalidate, useWrite, type MutationConfig } from 'shared';
import type { Groupe, GroupeBody } from 'shared/contract';
import { updateReference, type Written } from '../../../lib/reference-api';
import { GROUPE_KINDS, type GroupeKind } from './groupe-kinds';

export function updateGroupe({
  kind,
  id,
  body,
}: {
  kind: GroupeKind;
  id: number;
  body: GroupeBody;
}): Promise<Written<Groupe>> {
  return updateReference(GROUPE_KINDS[kind].path, id, body);
}

/** A renamed group: its list, its lookup and its record, which the hotels' and clients' screens name it from. */
export function useUpdateGroupe(mutationConfig?: MutationConfig<typeof updateGroupe>) {
  return useWrite(
    updateGroupe,
    (queryClient, _written, { kind }) => invalidate(queryClient, GROUPE_KINDS[kind].keys.all),
    mutationConfig,
  );
}
