import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, reservationKeys } from 'shared';
import { DASHBOARD_RESERVATION_FILTERS, RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationCountAnswer } from 'shared/contract';

const TO_CHECK = DASHBOARD_RESERVATION_FILTERS.totalPresence;

/**
 * POST /reservationsNumber { jours: commence_h }: yesterday's arrivals whose first night is still to check — the
 * dashboard's « commencées hier » counter, under its key (a pointage refreshes both).
 */
export async function countArrivalsToCheck(signal?: AbortSignal): Promise<number> {
  const { data } = await apiClient.post<ReservationCountAnswer>(RESERVATIONS_PATHS.count, TO_CHECK, {
    signal,
  });
  return data.total;
}

export const arrivalsToCheckQueryOptions = () =>
  queryOptions({
    queryKey: reservationKeys.count(TO_CHECK),
    queryFn: ({ signal }) => countArrivalsToCheck(signal),
  });

export function useArrivalsToCheck({ enabled }: { enabled: boolean }) {
  return useQuery({ ...arrivalsToCheckQueryOptions(), enabled });
}
