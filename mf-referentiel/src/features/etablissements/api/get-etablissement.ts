import { queryOptions } from '@tanstack/react-query';
import { etablissementKeys, readSelection, useRecordQuery } from 'shared';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getEtablissement(id: number, signal?: AbortSignal): Promise<Etablissement> {
  return getReference<Etablissement>(REFERENTIEL_PATHS.etablissements, id, signal);
}

export const etablissementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: etablissementKeys.detail(id),
    queryFn: ({ signal }) => getEtablissement(id, signal),
  });

/** The hotel of the route's `:id`, from the cache, else the row the user opened while it loads. */
export function useEtablissement() {
  return useRecordQuery(etablissementQueryOptions, readSelection<Etablissement>('establishment'));
}
