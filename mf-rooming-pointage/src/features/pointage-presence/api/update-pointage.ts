import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, reservationKeys, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type { PointageAnswer, UpdatePointageBody } from 'shared/contract';

export interface PointageInput {
  id: number;
  /** `version` is the stay's as listed: changed meanwhile → 409, nothing written. */
  body: UpdatePointageBody;
}

/**
 * PUT /reservations/update_pointage/:id: présent / absent on nights of a stay (dated today or before); with
 * `annuler_suite` on an absent first night (no-show) the remaining nights are cancelled in the same transaction.
 */
export async function updatePointage({ id, body }: PointageInput): Promise<PointageAnswer> {
  const { data } = await apiClient.put<PointageAnswer>(`${RESERVATIONS_PATHS.updatePointage}/${id}`, body);
  return data;
}

/**
 * Several stays at once (« Tout présent »): one call per stay, in order, so that a refusal stops at the stay it
 * names; the stays (lists, cards, dashboard counters) refresh once at the end, whatever happened.
 */
export async function updatePointages(inputs: readonly PointageInput[]): Promise<PointageAnswer[]> {
  const answers: PointageAnswer[] = [];
  for (const input of inputs) answers.push(await updatePointage(input));
  return answers;
}

export function useUpdatePointages(mutationConfig?: MutationConfig<typeof updatePointages>) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updatePointages,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      await onSettled?.(...args);
    },
  });
}
