import { apiClient, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS, type ReservationAnnulationBody } from 'shared/contract';
import { useStayWrite, type Written } from '../../../lib/api/stay-writes';

/** PUT /reservations/annulation/:id: future nights cancelled, past nights stay billable; the motif (required) goes to the history. */
export async function cancelReservation({ id, body }: { id: number; body: ReservationAnnulationBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.annulation}/${id}`, body);
  return data;
}

/** The residents leave and their rooms are freed: the reservations, the searches and the availabilities refresh. */
export function useCancelReservation(mutationConfig?: MutationConfig<typeof cancelReservation>) {
  return useStayWrite(cancelReservation, { occupancy: true }, mutationConfig);
}
