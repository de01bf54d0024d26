import { apiClient } from 'shared';
import {
  DASHBOARD_RESERVATION_FILTERS,
  RESERVATIONS_PATHS,
  type ReservationCountAnswer,
} from 'shared/contract';

export type ReservationCounter = keyof typeof DASHBOARD_RESERVATION_FILTERS;

/** The four reservation counters of the dashboard: one POST /reservationsNumber each (spec §7). */
export async function countDashboardReservations(
  signal?: AbortSignal,
): Promise<Record<ReservationCounter, number>> {
  const entries = await Promise.all(
    (Object.entries(DASHBOARD_RESERVATION_FILTERS) as [ReservationCounter, object][]).map(
      async ([counter, filters]) => {
        const { data } = await apiClient.post<ReservationCountAnswer>(RESERVATIONS_PATHS.count, filters, {
          signal,
        });
        return [counter, data.total] as const;
      },
    ),
  );
  return Object.fromEntries(entries) as Record<ReservationCounter, number>;
}
