import { ApiError, apiClient, reservationKeys, useWrite, type MutationConfig } from 'shared';
import { RESERVATIONS_PATHS } from 'shared/contract/values';
import type {
  ProlongationMultipleAnswer,
  ProlongationMultipleBody,
  ProlongationMultipleError,
} from 'shared/contract';
import { refreshStays } from '../../../lib/api/refresh-stays';

/** POST /reservations/prolongation_multiple: one new departure for every selected stay; the client toasts `message`. */
export async function extendReservations(
  body: ProlongationMultipleBody,
): Promise<ProlongationMultipleAnswer> {
  const { data } = await apiClient.post<ProlongationMultipleAnswer>(
    RESERVATIONS_PATHS.prolongationMultiple,
    body,
  );
  return data;
}

/**
 * New stays hold rooms and lodge residents longer: the reservations, the searches and the availabilities refresh.
 * A 409 (a selected stay changed meanwhile, e.g. extended by a colleague) refreshes the lists that showed it.
 */
export function useExtendReservations(mutationConfig?: MutationConfig<typeof extendReservations>) {
  return useWrite(
    extendReservations,
    {
      onSuccess: refreshStays({ occupancy: true }),
      onConflict: (queryClient) => queryClient.invalidateQueries({ queryKey: reservationKeys.lists() }),
    },
    mutationConfig,
  );
}

/**
 * The refusal of a multiple extension (409 or 400), to show inline: a 409 is only logged by the client. The API
 * words it in `msg` (spec §7) and may list the refused rows.
 */
export function extensionFailure(error: unknown): {
  message: string;
  resultats: ProlongationMultipleError['resultats'];
} {
  if (error instanceof ApiError) {
    const body = (error.data ?? {}) as Partial<ProlongationMultipleError>;
    return { message: body.msg ?? error.message, resultats: body.resultats };
  }
  return { message: error instanceof Error ? error.message : String(error), resultats: undefined };
}
