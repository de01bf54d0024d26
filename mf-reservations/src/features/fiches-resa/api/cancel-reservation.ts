import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationAnnulationBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/annulation/:id: future nights cancelled, past nights stay billable; the motif (required) goes to the history. */
export async function cancelReservation({ id, body }: { id: number; body: ReservationAnnulationBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.annulation}/${id}`, body);
  return data;
}

/** The residents leave and their rooms are freed: the reservations, the searches and the availabilities refresh. */
export function useCancelReservation(mutationConfig?: MutationConfig<typeof cancelReservation>) {
  return useWrite(cancelReservation, refreshStays({ occupancy: true }), mutationConfig);
}
