import { apiClient, type ListLoader } from 'shared';
import {
  RESERVATIONS_PATHS,
  type ReservationFilters,
  type ReservationIntegraleItem,
  type ReservationIntegraleListAnswer,
  type ReservationIntegraleListBody,
  type ReservationItem,
  type ReservationListAnswer,
  type ReservationListBody,
} from 'shared/contract';

type Sort = ReservationListBody['sort'];
type IntegraleSort = ReservationIntegraleListBody['sort'];

/** POST /reservations for the table's page, sort and column searches plus `filters` (spec §7). */
export function reservationsLoader(filters: ReservationFilters): ListLoader<ReservationItem> {
  return async (params, signal) => {
    const body: ReservationListBody = {
      page: params.page,
      pageSize: params.pageSize,
      ...(params.sort ? { sort: params.sort as Sort, order: params.order ?? 'asc' } : {}),
      ...params.search,
      ...filters,
    };
    const { data } = await apiClient.post<ReservationListAnswer>(RESERVATIONS_PATHS.list, body, { signal });
    return { data: data.reservations, total: data.total };
  };
}

export type ReservationIntegraleFilters = Omit<
  ReservationIntegraleListBody,
  'page' | 'pageSize' | 'sort' | 'order' | 'client' | 'etablissement' | 'pensionnaire'
>;

/** POST /reservations_integrales: a page of full reservations. */
export function reservationsIntegralesLoader(
  filters: ReservationIntegraleFilters,
): ListLoader<ReservationIntegraleItem> {
  return async (params, signal) => {
    const body: ReservationIntegraleListBody = {
      page: params.page,
      pageSize: params.pageSize,
      ...(params.sort ? { sort: params.sort as IntegraleSort, order: params.order ?? 'asc' } : {}),
      ...params.search,
      ...filters,
    };
    const { data } = await apiClient.post<ReservationIntegraleListAnswer>(
      RESERVATIONS_PATHS.integrales,
      body,
      {
        signal,
      },
    );
    return { data: data.reservations_integrales, total: data.total };
  };
}
