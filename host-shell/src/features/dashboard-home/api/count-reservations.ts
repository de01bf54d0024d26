import { queryOptions, useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient, DASHBOARD_RESERVATION_FILTERS, RESERVATIONS_PATHS, reservationKeys } from 'shared';
import type { ReservationCountAnswer } from 'shared/contract';
import { useDemandeCounters } from './count-demandes';
import { useFacturationCounters } from './count-facturation';

export type ReservationCounter = keyof typeof DASHBOARD_RESERVATION_FILTERS;

/** Counter values by name (`totalProlonger`…); a counter not loaded (yet, or after a failure) is absent. */
export type DashboardCounters = Partial<Record<string, number>>;

/** One reservation counter: POST /reservationsNumber with its filter body (spec §7). */
export async function countReservations(filters: object, signal?: AbortSignal): Promise<number> {
  const { data } = await apiClient.post<ReservationCountAnswer>(RESERVATIONS_PATHS.count, filters, {
    signal,
  });
  return data.total;
}

/**
 * One counter, under the reservations' keys: a write on a reservation (confirmation, cancellation, extension,
 * booking…) invalidates `reservationKeys.all`, and the dashboard shows the new figures.
 */
export const reservationCountQueryOptions = (filters: object) =>
  queryOptions({
    queryKey: reservationKeys.count(filters),
    queryFn: ({ signal }) => countReservations(filters, signal),
  });

const COUNTERS = Object.entries(DASHBOARD_RESERVATION_FILTERS) as [ReservationCounter, object][];

/**
 * The nine counters of the dashboard: the four reservation counters, one query each, the three request counters
 * of GET /demandesNumber and the two invoicing ones of GET /facturation/compteurs, in parallel. A failure is logged
 * as spec §8 says and the counter stays unknown (« — »).
 */
export function useDashboardCounters(): DashboardCounters {
  const demandes = useDemandeCounters();
  const facturation = useFacturationCounters();
  const { counters, error } = useQueries({
    queries: COUNTERS.map(([, filters]) => reservationCountQueryOptions(filters)),
    combine: (results) => ({
      counters: Object.fromEntries(
        results.flatMap((result, index) =>
          result.data === undefined ? [] : [[COUNTERS[index]![0], result.data] as const],
        ),
      ) as DashboardCounters,
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
  const failure = error ?? demandes.error ?? facturation.error;
  useEffect(() => {
    if (failure) console.error('Erreur lors de la récupération des totaux', failure);
  }, [failure]);
  return { ...counters, ...demandes.data, ...facturation.data };
}
