import { DEMANDES_MESSAGES, type ResultatCible } from 'shared/contract';
import { AppError, ConflictError } from '../../errors';

/** 409 of an extension or cancellation that changed no targeted stay: carries each stay's reason. */
export class CiblesFailure extends ConflictError {
  constructor(
    message: string,
    readonly resultats: ResultatCible[],
  ) {
    super(message);
  }
}

/** « 2 réservations prolongées, 1 en échec. » */
export function summary(resultats: ResultatCible[], participe: string): string {
  const ok = resultats.filter((r) => r.ok).length;
  return DEMANDES_MESSAGES.summary(ok, resultats.length - ok, participe);
}

/**
 * The per-target loop of an extension or a cancellation: `act` on each targeted stay in turn, in order; a refusal
 * (a typed error: the stay's state, a missing rate, no room) becomes that stay's failed result, with its message,
 * and the loop goes on; any other error aborts the whole request.
 */
export async function resultsPerTarget(
  targets: readonly number[],
  act: (target: number) => Promise<ResultatCible>,
): Promise<ResultatCible[]> {
  const resultats: ResultatCible[] = [];
  for (const target of targets) {
    try {
      resultats.push(await act(target));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      resultats.push({ reservation_id: target, ok: false, prolongation_id: null, message: error.message });
    }
  }
  return resultats;
}

/**
 * The request's status once its targets ran: every stay done → `traitee`, some → `en_cours` (the rest can be
 * retried); none → 409 with each stay's reason (`participe`: « prolongée », « annulée »).
 */
export function settledStatut(resultats: ResultatCible[], participe: string): 'traitee' | 'en_cours' {
  const ok = resultats.filter((r) => r.ok).length;
  if (ok === 0)
    throw new CiblesFailure(DEMANDES_MESSAGES.noneDone(participe, summary(resultats, participe)), resultats);
  return ok === resultats.length ? 'traitee' : 'en_cours';
}
