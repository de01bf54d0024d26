import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { PointagePafCafBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/pointage_paf_caf/:id: the PAF or CAF state of the stay's nights until today. */
export async function setPaymentState({ id, body }: { id: number; body: PointagePafCafBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.pointagePafCaf}/${id}`, body);
  return data;
}

/** Payment states change: the reservations refresh (the PAF / CAF counters of the dashboard among them). */
export function useSetPaymentState(mutationConfig?: MutationConfig<typeof setPaymentState>) {
  return useWrite(setPaymentState, refreshStays(), mutationConfig);
}
