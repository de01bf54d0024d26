import { queryOptions, useQuery } from '@tanstack/react-query';
import { etablissementKeys, type QueryConfig } from 'shared';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getEtablissement(id: number, signal?: AbortSignal): Promise<Etablissement> {
  return getReference<Etablissement>(REFERENTIEL_PATHS.etablissements, id, signal);
}

export const getEtablissementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: etablissementKeys.detail(id),
    queryFn: ({ signal }) => getEtablissement(id, signal),
  });

/** The hotel `id` (null: no valid id in the URL, nothing asked). */
export function useEtablissement(
  id: number | null,
  queryConfig?: QueryConfig<typeof getEtablissementQueryOptions>,
) {
  return useQuery({ ...getEtablissementQueryOptions(id ?? 0), enabled: id !== null, ...queryConfig });
}
