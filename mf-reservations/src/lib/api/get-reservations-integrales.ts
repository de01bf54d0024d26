import { apiClient, listQueryOptions, reservationIntegraleKeys, type ListLoader } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type {
  ListParams,
  ReservationIntegraleItem,
  ReservationIntegraleListAnswer,
  ReservationIntegraleListBody,
} from 'shared/contract';

type Sort = ReservationIntegraleListBody['sort'];

/** The filter bar's part of the body (the column searches come from the table). */
export type ReservationIntegraleFilters = Omit<
  ReservationIntegraleListBody,
  'page' | 'pageSize' | 'sort' | 'order' | 'client' | 'etablissement' | 'pensionnaire'
>;

/** POST /reservations_integrales: one page of full reservations. */
export async function getReservationsIntegrales(
  body: ReservationIntegraleListBody,
  signal?: AbortSignal,
): Promise<ReservationIntegraleListAnswer> {
  const { data } = await apiClient.post<ReservationIntegraleListAnswer>(RESERVATIONS_PATHS.integrales, body, {
    signal,
  });
  return data;
}

export function reservationsIntegralesLoader(
  filters: ReservationIntegraleFilters,
): ListLoader<ReservationIntegraleItem> {
  return async (params, signal) => {
    const body: ReservationIntegraleListBody = {
      page: params.page,
      pageSize: params.pageSize,
      ...(params.sort ? { sort: params.sort as Sort, order: params.order ?? 'asc' } : {}),
      ...params.search,
      ...filters,
    };
    const answer = await getReservationsIntegrales(body, signal);
    return { data: answer.reservations_integrales, total: answer.total };
  };
}

/** `ResourceTable`'s source: pages under `reservationIntegraleKeys.lists()`, inside the reservations' keys. */
export function reservationsIntegralesListSource(filters: ReservationIntegraleFilters) {
  return {
    path: RESERVATIONS_PATHS.integrales,
    load: reservationsIntegralesLoader(filters),
    loadKey: JSON.stringify(filters),
    queryKey: reservationIntegraleKeys.lists(),
  };
}

/** One page of full reservations, under the key `ResourceTable` files it. */
export const reservationsIntegralesQueryOptions = (
  filters: ReservationIntegraleFilters,
  params: ListParams,
) => listQueryOptions({ ...reservationsIntegralesListSource(filters), params });
