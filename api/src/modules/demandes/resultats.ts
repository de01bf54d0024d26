import { DEMANDES_MESSAGES, type ResultatCible } from 'shared/contract';
import { ConflictError } from '../../errors';

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
