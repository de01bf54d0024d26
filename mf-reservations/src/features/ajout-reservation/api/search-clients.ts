import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clientKeys, fetchList } from 'shared';
import { REFERENTIEL_PATHS } from 'shared/contract/values';
import type { Client, ListParams } from 'shared/contract';

/** The first 20 clients by name whose name contains `nom`. */
const paramsOf = (nom: string): ListParams => ({
  page: 1,
  pageSize: 20,
  sort: 'nom',
  order: 'asc',
  ...(nom.trim() ? { search: { nom: nom.trim().slice(0, 100) } } : {}),
});

/** GET /clients?nom=…: the choices of the booking's client select. */
export async function searchClients(nom: string, signal?: AbortSignal): Promise<Client[]> {
  const page = await fetchList<Client>(REFERENTIEL_PATHS.clients, paramsOf(nom), { signal });
  return page.data;
}

/** A page of the clients' list (refreshed by every client written), the previous answer shown meanwhile. */
export const searchClientsQueryOptions = (nom: string) =>
  queryOptions({
    queryKey: clientKeys.list(paramsOf(nom)),
    queryFn: ({ signal }) => searchClients(nom, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchClients(nom: string) {
  return useQuery(searchClientsQueryOptions(nom));
}
