import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ReservationEditAnswer, ReservationEditBody } from 'shared/contract';
import { refreshStays } from '../../../lib/api/refresh-stays';

/** POST /reservations/edit/:mere/:pensionnaire: one more resident in the full reservation. */
export async function addPensionnaire({
  idReservationMere,
  pensionnaireId,
  body = {},
}: {
  idReservationMere: number;
  pensionnaireId: number;
  body?: ReservationEditBody;
}) {
  const path = `${RESERVATIONS_PATHS.edit}/${idReservationMere}/${pensionnaireId}`;
  const { data } = await apiClient.post<ReservationEditAnswer>(path, body);
  return data;
}

/** A new stay lodges the resident and holds a room: the reservations, the searches and the availabilities refresh. */
export function useAddPensionnaire(mutationConfig?: MutationConfig<typeof addPensionnaire>) {
  return useWrite(addPensionnaire, refreshStays({ occupancy: true }), mutationConfig);
}
