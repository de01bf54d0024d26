import { apiClient, listQueryOptions, reservationKeys, type ListLoader } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type {
  ListParams,
  ReservationFilters,
  ReservationItem,
  ReservationListAnswer,
  ReservationListBody,
} from 'shared/contract';

type Sort = ReservationListBody['sort'];

/** POST /reservations: one page of stays for the body's page, sort, column searches and filters (spec §7). */
export async function getReservations(
  body: ReservationListBody,
  signal?: AbortSignal,
): Promise<ReservationListAnswer> {
  const { data } = await apiClient.post<ReservationListAnswer>(RESERVATIONS_PATHS.list, body, { signal });
  return data;
}

/** The table's page, sort and column searches plus `filters`, as one POST body. */
export function reservationsLoader(filters: ReservationFilters): ListLoader<ReservationItem> {
  return async (params, signal) => {
    const body: ReservationListBody = {
      page: params.page,
      pageSize: params.pageSize,
      ...(params.sort ? { sort: params.sort as Sort, order: params.order ?? 'asc' } : {}),
      ...params.search,
      ...filters,
    };
    const answer = await getReservations(body, signal);
    return { data: answer.reservations, total: answer.total };
  };
}

/**
 * What `ResourceTable` (the hook of every paged list) needs to list the stays matching `filters`: the pages are
 * filed under `reservationKeys.lists()`, which every write on a stay invalidates.
 */
export function reservationsListSource(filters: ReservationFilters) {
  return {
    path: RESERVATIONS_PATHS.list,
    load: reservationsLoader(filters),
    loadKey: JSON.stringify(filters),
    queryKey: reservationKeys.lists(),
  };
}

/** One page of stays, under the key `ResourceTable` files it (to prefetch it, or read it in a test). */
export const reservationsQueryOptions = (filters: ReservationFilters, params: ListParams) =>
  listQueryOptions({ ...reservationsListSource(filters), params });
