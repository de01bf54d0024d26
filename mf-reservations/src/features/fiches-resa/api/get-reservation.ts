import { queryOptions } from '@tanstack/react-query';
import { apiClient, readSelection, reservationKeys, useRecordQuery } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationDetail, ReservationDetailAnswer } from 'shared/contract';

/** GET /reservations/:id: the stay with its nights, totals, chain and allowed actions. */
export async function getReservation(id: number, signal?: AbortSignal): Promise<ReservationDetail> {
  const { data } = await apiClient.get<ReservationDetailAnswer>(`${RESERVATIONS_PATHS.one}/${id}`, {
    signal,
  });
  return data.data;
}

/** The stay card, under `reservationKeys.detail(id)`: every write on stays refreshes it. */
export const reservationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reservationKeys.detail(id),
    queryFn: ({ signal }) => getReservation(id, signal),
  });

/** The stay opened last (spec §3 « selected resa »), if it is a whole card: shown at once while it reloads. */
function storedReservation(): ReservationDetail | null {
  const stored = readSelection<ReservationDetail>('resa');
  return stored && Array.isArray(stored.nuitees) && stored.totaux && stored.actions ? stored : null;
}

/** The stay of the route's `:id`, from the cache, else the stored one while it loads. */
export function useReservation() {
  return useRecordQuery(reservationQueryOptions, storedReservation());
}
