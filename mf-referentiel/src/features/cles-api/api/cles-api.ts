import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, resourceKeys } from 'shared';
import {
  clesApiPath,
  type CleApiCreateAnswer,
  type CleApiWriteAnswer,
  type ClesApiAnswer,
} from 'shared/contract';

/** A client's API keys are read by its card alone: their keys live here (docs/frontend.md « Query keys »). */
export const cleApiKeys = resourceKeys('cles-api');

/** GET /clients/:id/cles-api (administrators): the client's keys, revoked ones included, never the keys themselves. */
export async function getClesApi(clientId: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<ClesApiAnswer>(clesApiPath(clientId), { signal });
  return data.cles;
}

export const clesApiQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: cleApiKeys.detail(clientId),
    queryFn: ({ signal }) => getClesApi(clientId, signal),
  });

export const useClesApi = (clientId: number) => useQuery(clesApiQueryOptions(clientId));

/** POST /clients/:id/cles-api: a new key, answered once in clear (`cle`). */
export async function createCleApi({ clientId, libelle }: { clientId: number; libelle: string }) {
  const { data } = await apiClient.post<CleApiCreateAnswer>(clesApiPath(clientId), { libelle });
  return data;
}

/** PUT /clients/:id/cles-api/:cle_id/revocation: the key stops working at once (401 for the client's system). */
export async function revokeCleApi({ clientId, cleId }: { clientId: number; cleId: number }) {
  const { data } = await apiClient.put<CleApiWriteAnswer>(`${clesApiPath(clientId)}/${cleId}/revocation`, {});
  return data;
}

function useCleApiWrite<V, R>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cleApiKeys.all }),
  });
}

export const useCreateCleApi = () => useCleApiWrite(createCleApi);
export const useRevokeCleApi = () => useCleApiWrite(revokeCleApi);
