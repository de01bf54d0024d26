import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationAddAnswer, ReservationAddBody } from 'shared/contract';
import { refreshStays } from '../../../lib/api/refresh-stays';

/** POST /reservations/add: books the residents; the client toasts the message, a 409 is only logged (spec §8). */
export async function addReservation(body: ReservationAddBody): Promise<ReservationAddAnswer> {
  const { data } = await apiClient.post<ReservationAddAnswer>(RESERVATIONS_PATHS.add, body);
  return data;
}

/**
 * A new full reservation: the lists, the full reservations and the counters refresh, and so do the residents
 * searches (now lodged) and the availabilities (rooms taken).
 */
export function useAddReservation(mutationConfig?: MutationConfig<typeof addReservation>) {
  return useWrite(addReservation, refreshStays({ occupancy: true }), mutationConfig);
}
