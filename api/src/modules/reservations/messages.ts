/**
 * The refusal of a reservation write in a state that forbids it; the writes' messages are the contract's
 * RESERVATION_WRITE_MESSAGES (shared/contract/messages.ts).
 */
import {
  RESERVATION_STATUT_LABELS,
  RESERVATION_WRITE_MESSAGES,
  type ReservationStatut,
} from 'shared/contract';
import { ConflictError } from '../../errors';

export const statutLabel = (statut: ReservationStatut) => RESERVATION_STATUT_LABELS[statut].toLowerCase();

/** 409 « La réservation n° 12 est annulée : confirmation impossible. » */
export function invalidTransition(
  stay: { id: number; statut: ReservationStatut },
  action: string,
): ConflictError {
  return new ConflictError(RESERVATION_WRITE_MESSAGES.transition(stay.id, statutLabel(stay.statut), action));
}
