import { queryOptions } from '@tanstack/react-query';
import { apiClient, reservationIntegraleKeys, useRecordQuery } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationIntegraleAnswer, ReservationIntegraleDetail } from 'shared/contract';

/** GET /reservations_integrales/:id: the full reservation, its stays, totals and allowed actions. */
export async function getReservationIntegrale(
  id: number,
  signal?: AbortSignal,
): Promise<ReservationIntegraleDetail> {
  const { data } = await apiClient.get<ReservationIntegraleAnswer>(`${RESERVATIONS_PATHS.integrales}/${id}`, {
    signal,
  });
  return data.data;
}

/** Under `reservationIntegraleKeys`, inside the reservations' keys: every write on its stays refreshes it. */
export const reservationIntegraleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reservationIntegraleKeys.detail(id),
    queryFn: ({ signal }) => getReservationIntegrale(id, signal),
  });

/** The full reservation of the route's `:id`. */
export function useReservationIntegrale() {
  return useRecordQuery(reservationIntegraleQueryOptions);
}
