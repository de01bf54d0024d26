import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationUpdateBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/:id: room, meals, PAF/CAF; a stay changed since `body.version` was read answers 409. */
export async function updateReservation({ id, body }: { id: number; body: ReservationUpdateBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.one}/${id}`, body);
  return data;
}

/** The stay's options and amounts change: the reservations refresh. */
export function useUpdateReservation(mutationConfig?: MutationConfig<typeof updateReservation>) {
  return useWrite(updateReservation, refreshStays(), mutationConfig);
}
