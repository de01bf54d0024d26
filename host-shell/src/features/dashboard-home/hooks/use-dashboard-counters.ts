import { useEffect, useState } from 'react';
import { countDashboardReservations } from '../api/count-reservations';

/** Counter values by name (`totalProlonger`…); a counter not loaded (yet, or after a failure) is absent. */
export type DashboardCounters = Partial<Record<string, number>>;

/**
 * Loads the dashboard counters once. The reservation counters come from POST /reservationsNumber; the request
 * counters arrive with the accommodation-requests issue. A failure is logged as spec §8 says and the counters
 * stay unknown (« — »).
 */
export function useDashboardCounters(): DashboardCounters {
  const [counters, setCounters] = useState<DashboardCounters>({});
  useEffect(() => {
    const controller = new AbortController();
    countDashboardReservations(controller.signal).then(
      (values) => {
        if (!controller.signal.aborted) setCounters((previous) => ({ ...previous, ...values }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Erreur lors de la récupération des totaux', error);
      },
    );
    return () => controller.abort();
  }, []);
  return counters;
}
