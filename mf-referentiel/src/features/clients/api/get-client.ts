import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientKeys, type QueryConfig } from 'shared';
import { REFERENTIEL_PATHS, type Client } from 'shared/contract';
import { getReference } from '../../../lib/reference-api';

export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return getReference<Client>(REFERENTIEL_PATHS.clients, id, signal);
}

export const getClientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
  });

/** The client `id` (null: no valid id in the URL, nothing asked). */
export function useClient(id: number | null, queryConfig?: QueryConfig<typeof getClientQueryOptions>) {
  return useQuery({ ...getClientQueryOptions(id ?? 0), enabled: id !== null, ...queryConfig });
}
