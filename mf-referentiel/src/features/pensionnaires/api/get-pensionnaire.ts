import { queryOptions } from '@tanstack/react-query';
import { pensionnaireKeys, useRecordQuery } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getPensionnaire(id: number, signal?: AbortSignal): Promise<Pensionnaire> {
  return getReference<Pensionnaire>(REFERENTIEL_PATHS.pensionnaires, id, signal);
}

export const pensionnaireQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pensionnaireKeys.detail(id),
    queryFn: ({ signal }) => getPensionnaire(id, signal),
  });

/** The resident of the route's `:id`, from the cache. */
export function usePensionnaire() {
  return useRecordQuery(pensionnaireQueryOptions);
}
