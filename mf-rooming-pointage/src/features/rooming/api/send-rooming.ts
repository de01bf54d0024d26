import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from 'shared';
import { ROOMING_PATHS, type SendRoomingAnswer, type SendRoomingBody } from 'shared/contract';

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

/** Changes no listed data (the e-mail lands in the outbox): nothing to invalidate. */
export function useSendRooming(
  mutationConfig?: Omit<UseMutationOptions<SendRoomingAnswer, Error, SendRoomingInput>, 'mutationFn'>,
) {
  return useMutation({ ...mutationConfig, mutationFn: sendRooming });
}
