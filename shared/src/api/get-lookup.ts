import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchList } from './get-list';
import { STALE_TIME, type QueryConfig } from './query-client';
import { keysOfPath } from './query-keys';

/**
 * The contract's `MAX_PAGE_SIZE`, written out: the contract module carries the schema library, which the start-up
 * entry of `shared` must not load (a test keeps the two equal).
 */
export const LOOKUP_PAGE_SIZE = 200;

/** A record as the selects show it. */
export interface LookupRow {
  id: number;
  nom: string;
}

/**
 * The active records of a reference list (`/clients`, `/etablissements`, `/types-chambre`…) by name: one page of
 * the largest size, sorted by name. A join endpoint returning the names with the rows should replace this if these
 * lists grow past a few hundred records.
 */
export async function getLookup<T extends LookupRow = LookupRow>(
  path: string,
  signal?: AbortSignal,
): Promise<T[]> {
  const page = await fetchList<T>(
    path,
    { page: 1, pageSize: LOOKUP_PAGE_SIZE, sort: 'nom', order: 'asc' },
    { signal },
  );
  return page.data;
}

/**
 * One lookup, shared by every screen and every app of the page: the booking wizard, the list filters and the
 * forms read the same cache entry. Filed under its resource (`clientKeys.lookup('/clients')`), so a write on
 * that resource that invalidates `clientKeys.all` refreshes it.
 */
export const lookupQueryOptions = <T extends LookupRow = LookupRow>(path: string) =>
  queryOptions({
    queryKey: keysOfPath(path).lookup(path),
    queryFn: ({ signal }) => getLookup<T>(path, signal),
    staleTime: STALE_TIME.lookup,
  });

export function useLookup<T extends LookupRow = LookupRow>(
  path: string,
  queryConfig?: QueryConfig<typeof lookupQueryOptions<T>>,
) {
  return useQuery({ ...lookupQueryOptions<T>(path), ...queryConfig });
}
