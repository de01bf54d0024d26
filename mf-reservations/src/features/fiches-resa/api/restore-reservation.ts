import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationRetablissementBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/**
 * PUT /reservations/retablissement/:id (« Rétablir »): undoes the stay's last cancellation, early departure or
 * no-show within its window; the motif (required) goes to the history.
 */
export async function restoreReservation({ id, body }: { id: number; body: ReservationRetablissementBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.retablissement}/${id}`, body);
  return data;
}

/** The residents are lodged again and their rooms taken: the reservations, searches and availabilities refresh. */
export function useRestoreReservation(mutationConfig?: MutationConfig<typeof restoreReservation>) {
  return useWrite(restoreReservation, refreshStays({ occupancy: true }), mutationConfig);
}
