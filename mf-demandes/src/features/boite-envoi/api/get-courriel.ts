import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from 'shared';
import { COMMUNICATION_PATHS } from 'shared/contract/values';
import type { CourrielAnswer } from 'shared/contract';
import { courrielKeys } from './get-courriels';

/** GET /courriels/:id: one e-mail of the outbox with its text (a notice instead for a confidential one). */
export async function getCourriel(id: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<CourrielAnswer>(`${COMMUNICATION_PATHS.courriels}/${id}`, { signal });
  return data.data;
}

export const courrielQueryOptions = (id: number) =>
  queryOptions({
    queryKey: courrielKeys.detail(id),
    queryFn: ({ signal }) => getCourriel(id, signal),
  });

export const useCourriel = (id: number) => useQuery(courrielQueryOptions(id));
