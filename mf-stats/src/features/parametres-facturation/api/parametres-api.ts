import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient, invalidate, resourceKeys, useWrite } from 'shared';
import {
  FACTURATION_PATHS,
  type ClientFacturation,
  type ClientFacturationBody,
  type ClientFacturationWritten,
  type FacturationParametres,
  type FacturationParametresBody,
  type FacturationParametresWritten,
} from 'shared/contract';

/** The seller settings and the clients' billing details (docs/api.md « Facturation »). */
export const parametresKeys = resourceKeys('facturation', 'parametres');
export const clientFacturationKeys = resourceKeys('facturation', 'clients');

export const parametresQueryOptions = () =>
  queryOptions({
    queryKey: parametresKeys.all,
    queryFn: async ({ signal }) =>
      (await apiClient.get<FacturationParametres>(FACTURATION_PATHS.parametres, { signal })).data,
  });

export const useParametres = () => useQuery(parametresQueryOptions());

async function saveParametres(body: FacturationParametresBody) {
  return (await apiClient.put<FacturationParametresWritten>(FACTURATION_PATHS.parametres, body)).data;
}

export const useSaveParametres = () =>
  useWrite(saveParametres, async (queryClient: QueryClient, written: FacturationParametresWritten) => {
    queryClient.setQueryData(parametresKeys.all, written.data);
  });

const clientPath = (clientId: number) => `${FACTURATION_PATHS.clients}/${clientId}`;

export const clientFacturationQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: clientFacturationKeys.detail(clientId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ClientFacturation>(clientPath(clientId), { signal })).data,
  });

async function saveClientFacturation({ clientId, ...body }: ClientFacturationBody & { clientId: number }) {
  return (await apiClient.put<ClientFacturationWritten>(clientPath(clientId), body)).data;
}

export const useSaveClientFacturation = () =>
  useWrite(saveClientFacturation, async (queryClient: QueryClient, written: ClientFacturationWritten) => {
    queryClient.setQueryData(clientFacturationKeys.detail(written.data.clientId), written.data);
    await invalidate(queryClient, clientFacturationKeys.lists());
  });
