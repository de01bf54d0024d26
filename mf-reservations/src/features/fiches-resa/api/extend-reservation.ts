import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ProlongationAnswer, ProlongationBody } from 'shared/contract';
import { refreshStays } from '../../../lib/api/refresh-stays';

/** PUT /reservations/prolongation/:id: a new stay from the current departure to `end_date` (every resident's with `applyToAllPr`). */
export async function extendReservation({ id, body }: { id: number; body: ProlongationBody }) {
  const { data } = await apiClient.put<ProlongationAnswer>(`${RESERVATIONS_PATHS.prolongation}/${id}`, body);
  return data;
}

/** New stays hold rooms and lodge residents longer: the reservations, the searches and the availabilities refresh. */
export function useExtendReservation(mutationConfig?: MutationConfig<typeof extendReservation>) {
  return useWrite(extendReservation, refreshStays({ occupancy: true }), mutationConfig);
}
