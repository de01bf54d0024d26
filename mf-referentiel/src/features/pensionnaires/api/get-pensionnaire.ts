import { queryOptions, useQuery } from '@tanstack/react-query';
import { pensionnaireKeys, type QueryConfig } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getPensionnaire(id: number, signal?: AbortSignal): Promise<Pensionnaire> {
  return getReference<Pensionnaire>(REFERENTIEL_PATHS.pensionnaires, id, signal);
}

export const getPensionnaireQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pensionnaireKeys.detail(id),
    queryFn: ({ signal }) => getPensionnaire(id, signal),
  });

/** The resident `id` (null: no valid id in the URL, nothing asked). */
export function usePensionnaire(
  id: number | null,
  queryConfig?: QueryConfig<typeof getPensionnaireQueryOptions>,
) {
  return useQuery({ ...getPensionnaireQueryOptions(id ?? 0), enabled: id !== null, ...queryConfig });
}
