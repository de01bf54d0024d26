import { queryOptions } from '@tanstack/react-query';
import { readSelection, useRecordQuery } from 'shared';
import { getReference } from '../../../lib/reference-api';
import type { ContratDetail, ContratKind, ContratKindName } from '../kinds';

export function getContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number,
  signal?: AbortSignal,
): Promise<ContratDetail<K>> {
  return getReference<ContratDetail<K>>(kind.path, id, signal);
}

export const contratQueryOptions = <K extends ContratKindName>(kind: ContratKind<K>, id: number) =>
  queryOptions({
    queryKey: kind.keys.detail(id),
    queryFn: ({ signal }) => getContrat(kind, id, signal),
  });

/** The row the user opened, if it is a contract of this kind (both kinds share the session key). */
function openedRow(kind: ContratKind): ContratDetail | null {
  const row = readSelection<ContratDetail>('contract');
  return row && kind.party.nomField in row ? row : null;
}

/**
 * The contract of the route's `:id`, from the cache, else the list row the user opened while it loads (a row has
 * no lines: the card waits for them).
 */
export function useContrat(kind: ContratKind) {
  return useRecordQuery((id) => contratQueryOptions(kind, id), openedRow(kind));
}
