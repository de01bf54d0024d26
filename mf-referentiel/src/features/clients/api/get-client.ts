import { queryOptions } from '@tanstack/react-query';
import { clientKeys, readSelection, useRecordQuery } from 'shared';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return getReference<Client>(REFERENTIEL_PATHS.clients, id, signal);
}

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
  });

/** The client of the route's `:id`, from the cache, else the row the user opened while it loads. */
export function useClient() {
  return useRecordQuery(clientQueryOptions, readSelection<Client>('client'));
}
