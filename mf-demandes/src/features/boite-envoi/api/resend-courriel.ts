import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, demandeKeys } from 'shared';
import { COMMUNICATION_PATHS } from 'shared/contract/values';
import type { CourrielWriteAnswer } from 'shared/contract';
import { courrielKeys } from './get-courriels';

/** POST /courriels/:id/renvoyer: sends again a failed or kept message (409 once sent); `envoi` says how it went. */
export async function resendCourriel(id: number) {
  const { data } = await apiClient.post<CourrielWriteAnswer>(
    `${COMMUNICATION_PATHS.courriels}/${id}/renvoyer`,
    {},
  );
  return data;
}

/** Refreshes the outbox and the requests (a communication's state follows its e-mail). */
export function useResendCourriel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendCourriel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courrielKeys.all }),
        queryClient.invalidateQueries({ queryKey: demandeKeys.all }),
      ]),
  });
}
