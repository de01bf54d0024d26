import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/:id/:date_fin: early departure, the stay ends on `dateFin` (YYYY-MM-DD, today or later). */
export async function departReservation({ id, dateFin }: { id: number; dateFin: string }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.one}/${id}/${dateFin}`);
  return data;
}

/** The resident leaves earlier and the room is freed: the reservations, the searches and the availabilities refresh. */
export function useDepartReservation(mutationConfig?: MutationConfig<typeof departReservation>) {
  return useWrite(departReservation, refreshStays({ occupancy: true }), mutationConfig);
}
