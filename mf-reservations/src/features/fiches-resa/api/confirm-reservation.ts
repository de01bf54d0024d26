import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationActionBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/confirmation/:id: en_attente → confirmee (with `applyToAllPr`, every pending stay of its parent). */
export async function confirmReservation({ id, body }: { id: number; body: ReservationActionBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.confirmation}/${id}`, body);
  return data;
}

/** Statuses change: the cards, lists, full reservation and counters refresh. */
export function useConfirmReservation(mutationConfig?: MutationConfig<typeof confirmReservation>) {
  return useWrite(confirmReservation, refreshStays(), mutationConfig);
}
