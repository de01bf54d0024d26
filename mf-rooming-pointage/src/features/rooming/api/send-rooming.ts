import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient, etablissementKeys } from 'shared';
import { ROOMING_PATHS } from 'shared/contract/values';
import type { SendRoomingAnswer, SendRoomingBody } from 'shared/contract';

export interface SendRoomingInput {
  etablissementId: number;
  /** YYYY-MM: the nights of that calendar month. */
  mois: string;
  body?: SendRoomingBody;
}

/** POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois: e-mails the hotel its rooming list PDF. */
export async function sendRooming({
  etablissementId,
  mois,
  body = {},
}: SendRoomingInput): Promise<SendRoomingAnswer> {
  const { data } = await apiClient.post<SendRoomingAnswer>(
    `${ROOMING_PATHS.sendPdfRooming}/${etablissementId}/${mois}`,
    body,
  );
  return data;
}

/**
 * The e-mail lands in the outbox, which this screen does not list; an address saved as the hotel's
 * (`enregistrer_adresse`) refreshes the hotels (the lookups pre-fill the next sending with it).
 */
export function useSendRooming(
  mutationConfig?: Omit<UseMutationOptions<SendRoomingAnswer, Error, SendRoomingInput>, 'mutationFn'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: sendRooming,
    onSuccess: async (...args) => {
      if (args[1].body?.enregistrer_adresse)
        await queryClient.invalidateQueries({ queryKey: etablissementKeys.all });
      await mutationConfig?.onSuccess?.(...args);
    },
  });
}
