import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, reservationKeys, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS, type PointageAnswer, type PointagePafCafBody } from 'shared/contract';

export interface PafCafInput {
  id: number;
  /** `dates` for the nights picked, none for the stay's past nights; `version` the stay's as listed. */
  body: PointagePafCafBody;
}

/** PUT /reservations/pointage_paf_caf/:id: payé / non payé on nights of one stream of a stay. */
export async function pointPafCaf({ id, body }: PafCafInput): Promise<PointageAnswer> {
  const { data } = await apiClient.put<PointageAnswer>(`${RESERVATIONS_PATHS.pointagePafCaf}/${id}`, body);
  return data;
}

/**
 * A bulk check: one call per stay, in order (a refusal stops at the stay it names); the stays, their cards and
 * the dashboard's PAF / CAF counters refresh once at the end, whatever happened.
 */
export async function pointPafCafs(inputs: readonly PafCafInput[]): Promise<PointageAnswer[]> {
  const answers: PointageAnswer[] = [];
  for (const input of inputs) answers.push(await pointPafCaf(input));
  return answers;
}

export function usePointPafCafs(mutationConfig?: MutationConfig<typeof pointPafCafs>) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: pointPafCafs,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      await onSettled?.(...args);
    },
  });
}
