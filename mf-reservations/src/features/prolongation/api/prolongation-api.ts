import { ApiError, apiClient } from 'shared';
import {
  RESERVATIONS_PATHS,
  type ProlongationMultipleAnswer,
  type ProlongationMultipleBody,
  type ProlongationMultipleError,
} from 'shared/contract';

/** POST /reservations/prolongation_multiple; the client toasts the answer's `message` (spec §8). */
export async function prolongerSelection(
  body: ProlongationMultipleBody,
): Promise<ProlongationMultipleAnswer> {
  const { data } = await apiClient.post<ProlongationMultipleAnswer>(
    RESERVATIONS_PATHS.prolongationMultiple,
    body,
  );
  return data;
}

/**
 * The refusal of an extension (409 or 400), to show inline: a 409 is only logged by the client. The multiple
 * extension words it in `msg` (spec §7) and may list the refused rows.
 */
export function prolongationFailure(error: unknown): {
  message: string;
  resultats: ProlongationMultipleError['resultats'];
} {
  if (error instanceof ApiError) {
    const body = (error.data ?? {}) as Partial<ProlongationMultipleError>;
    return { message: body.msg ?? error.message, resultats: body.resultats };
  }
  return { message: error instanceof Error ? error.message : String(error), resultats: undefined };
}
