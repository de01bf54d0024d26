import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from 'shared';
import { getReference } from '../../../lib/reference-api';
import type { ContratDetail, ContratKind, ContratKindName } from '../kinds';

export function getContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number,
  signal?: AbortSignal,
): Promise<ContratDetail<K>> {
  return getReference<ContratDetail<K>>(kind.path, id, signal);
}

export const getContratQueryOptions = <K extends ContratKindName>(kind: ContratKind<K>, id: number) =>
  queryOptions({
    queryKey: kind.keys.detail(id),
    queryFn: ({ signal }) => getContrat(kind, id, signal),
  });

/** The contract `id` of this kind, with its lines (null: no valid id in the URL, nothing asked). */
export function useContrat<K extends ContratKindName>(
  kind: ContratKind<K>,
  id: number | null,
  queryConfig?: QueryConfig<typeof getContratQueryOptions<K>>,
) {
  return useQuery({ ...getContratQueryOptions(kind, id ?? 0), enabled: id !== null, ...queryConfig });
}
