import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, reservationKeys, type MutationConfig } from 'shared';
import { ETAT_PAIEMENT_LABELS, RESERVATIONS_PATHS } from 'shared/contract/values';
import type { FluxPaiement, NuitsParEtat, PointageAnswer, PointagePafCafBody } from 'shared/contract';

export interface PafCafInput {
  id: number;
  /** `dates` for the nights picked, `nuits` to put states back (an undo); `version` the stay's as listed. */
  body: PointagePafCafBody;
}

/** PUT /reservations/pointage_paf_caf/:id: payé / non payé on nights of one stream of a stay. */
export async function pointPafCaf({ id, body }: PafCafInput): Promise<PointageAnswer> {
  // Quiet: the screen says once what the whole check wrote (bulkMessage), not one toast per stay.
  const { data } = await apiClient.put<PointageAnswer>(`${RESERVATIONS_PATHS.pointagePafCaf}/${id}`, body, {
    quiet: true,
  });
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

/** The nights the answers say they wrote, by state written. */
export function writtenByState(answers: readonly PointageAnswer[]): NuitsParEtat {
  const total: NuitsParEtat = { a_verifier: 0, paye: 0, non_paye: 0 };
  for (const answer of answers)
    for (const etat of Object.keys(total) as (keyof NuitsParEtat)[])
      total[etat] += answer.ecrites?.[etat] ?? 0;
  return total;
}

const nights = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;

/**
 * What a bulk check wrote, from the API's answers (never from the selection): « PAF pointée sur 32 nuits
 * (3 séjours) : payé. », an undo « PAF rétablie sur 32 nuits (3 séjours) : 20 à vérifier, 12 non payé. »
 */
export function bulkMessage(label: string, answers: readonly PointageAnswer[], undo = false): string {
  const written = writtenByState(answers);
  const total = written.a_verifier + written.paye + written.non_paye;
  const states = (['paye', 'non_paye', 'a_verifier'] as const).filter((etat) => written[etat] > 0);
  const detail =
    states.length === 1
      ? ETAT_PAIEMENT_LABELS[states[0]!].toLowerCase()
      : states.map((etat) => `${written[etat]} ${ETAT_PAIEMENT_LABELS[etat].toLowerCase()}`).join(', ');
  const stays = answers.length > 1 ? ` (${answers.length} séjours)` : '';
  return `${label} ${undo ? 'rétablie' : 'pointée'} sur ${nights(total)}${stays} : ${detail}.`;
}

/** The calls that put back what `answers` wrote: each stay's nights in their previous states, under its new version. */
export function undoInputs(flux: FluxPaiement, answers: readonly PointageAnswer[]): PafCafInput[] {
  return answers
    .filter((answer) => (answer.precedents?.length ?? 0) > 0)
    .map((answer) => ({
      id: answer.reservation_id,
      body: { type: flux, nuits: answer.precedents, version: answer.version },
    }));
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
