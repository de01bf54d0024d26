import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, resourceKeys } from 'shared';
import { COMMUNICATION_PATHS } from 'shared/contract/values';
import type { CourrielListAnswer, CourrielListQuery } from 'shared/contract';

/** The outbox is read by this screen alone: its keys live here (docs/frontend.md « Query keys »). */
export const courrielKeys = resourceKeys('courriels');

/** GET /courriels: one page of the outbox, newest first, optionally of one state. */
export async function getCourriels(query: CourrielListQuery, signal?: AbortSignal) {
  const { data } = await apiClient.get<CourrielListAnswer>(COMMUNICATION_PATHS.courriels, {
    params: query,
    signal,
  });
  return data;
}

export const courrielsQueryOptions = (query: CourrielListQuery) =>
  queryOptions({
    queryKey: courrielKeys.list(query),
    queryFn: ({ signal }) => getCourriels(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCourriels = (query: CourrielListQuery, enabled: boolean) =>
  useQuery({ ...courrielsQueryOptions(query), enabled });
