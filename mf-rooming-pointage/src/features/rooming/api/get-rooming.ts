import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, reservationKeys, type QueryConfig } from 'shared';
import { ROOMING_PATHS } from 'shared/contract/values';
import type {
  RoomingClientAnswer,
  RoomingEtabAnswer,
  RoomingFilters,
  RoomingPensAnswer,
} from 'shared/contract';

/** The three rooming lists and what each answers (spec §7). */
export interface RoomingAnswers {
  etab: RoomingEtabAnswer;
  client: RoomingClientAnswer;
  pens: RoomingPensAnswer;
}
export type RoomingKind = keyof RoomingAnswers;

export interface RoomingRequest {
  page: number;
  pageSize: number;
  filters: RoomingFilters;
}

/** GET /reservationsRooming{Etab,Client,Pens}?page&pageSize&filters=<JSON>: a page of rows and the period's totals. */
export async function getRooming<K extends RoomingKind>(
  kind: K,
  { page, pageSize, filters }: RoomingRequest,
  signal?: AbortSignal,
): Promise<RoomingAnswers[K]> {
  const { data } = await apiClient.get<RoomingAnswers[K]>(ROOMING_PATHS[kind], {
    params: { page, pageSize, filters: JSON.stringify(filters) },
    signal,
  });
  return data;
}

/**
 * Under `reservationKeys.lists()`: the rooming counts nights of stays, so any write on a stay (a pointage, a
 * cancellation, a booking) refreshes it.
 */
export const roomingQueryOptions = <K extends RoomingKind>(kind: K, request: RoomingRequest) =>
  queryOptions({
    queryKey: reservationKeys.list({ rooming: kind, ...request }),
    queryFn: ({ signal }) => getRooming(kind, request, signal),
    placeholderData: keepPreviousData,
  });

export function useRooming<K extends RoomingKind>(
  kind: K,
  request: RoomingRequest,
  queryConfig?: Omit<QueryConfig<typeof roomingQueryOptions<K>>, 'placeholderData'>,
) {
  return useQuery({ ...roomingQueryOptions(kind, request), ...queryConfig });
}
