import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchList,
  LOOKUP_PAGE_SIZE,
  STALE_TIME,
  typeChambreKeys,
  type LookupRow,
  type QueryConfig,
} from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre } from 'shared/contract';

/**
 * The active room types as a lookup (`{ id, nom }`, `nom` being their label): they have a `libelle`, which the
 * API sorts on, not a `nom`.
 */
export async function getTypesChambreLookup(signal?: AbortSignal): Promise<LookupRow[]> {
  const page = await fetchList<TypeChambre>(
    REFERENTIEL_PATHS.typesChambre,
    { page: 1, pageSize: LOOKUP_PAGE_SIZE, sort: 'libelle', order: 'asc' },
    { signal },
  );
  return page.data.map((row) => ({ id: row.id, nom: row.libelle }));
}

/** Filed with the other lookups under `typeChambreKeys`, so the room types' writes refresh it. */
export const typesChambreLookupQueryOptions = () =>
  queryOptions({
    queryKey: typeChambreKeys.lookup(REFERENTIEL_PATHS.typesChambre),
    queryFn: ({ signal }) => getTypesChambreLookup(signal),
    staleTime: STALE_TIME.lookup,
  });

export function useTypesChambreLookup(queryConfig?: QueryConfig<typeof typesChambreLookupQueryOptions>) {
  return useQuery({ ...typesChambreLookupQueryOptions(), ...queryConfig });
}
