import { apiClient, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { ApecBody } from 'shared/contract';
import { refreshStays, type Written } from '../../../lib/api/refresh-stays';

/** PUT /reservations/apec/:id. */
export async function setApec({ id, body }: { id: number; body: ApecBody }) {
  const { data } = await apiClient.put<Written>(`${RESERVATIONS_PATHS.apec}/${id}`, body);
  return data;
}

/** The stay's APEC flag changes: the reservations refresh. */
export function useSetApec(mutationConfig?: MutationConfig<typeof setApec>) {
  return useWrite(setApec, refreshStays(), mutationConfig);
}
