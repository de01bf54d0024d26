import { formatDate } from 'shared';
import { parisToday } from 'shared/contract/values';
import type { DemandeDetail, DemandeReservation } from 'shared/contract';

/**
 * What « Prolonger » and « Confirmer l'annulation » will do to a request's targeted stays, said before the click
 * (the API decides per stay and reports it after: demandes/prolongation and annulation services). Each target is
 * followed through the resident's stays the card shows — the target and the extensions linked to the request — as
 * the API follows its chain of extensions.
 */

const ACTIVE: readonly DemandeReservation['statut'][] = ['en_attente', 'confirmee', 'en_cours'];

/** « 1 séjour prolongé », « 2 séjours prolongés ». */
const sejours = (count: number, participe: string) =>
  `${count} séjour${count > 1 ? 's' : ''} ${participe}${count > 1 ? 's' : ''}`;

/** The stays of the card that carry on the target: its resident's, not cancelled. */
function liveOf(d: DemandeDetail, target: DemandeReservation): DemandeReservation[] {
  return [...d.cibles, ...d.reservations].filter(
    (stay) => stay.pensionnaire_id === target.pensionnaire_id && stay.statut !== 'annulee',
  );
}

/** « 2 séjours prolongés jusqu'au 31/12/2026. », then those already long enough and those cancelled. */
export function prolongationImpact(d: DemandeDetail): string {
  const end = d.date_fin;
  let extended = 0;
  let reached = 0;
  let cancelled = 0;
  for (const target of d.cibles) {
    const live = liveOf(d, target);
    if (live.length === 0) cancelled += 1;
    else if (live.some((stay) => stay.date_fin >= end)) reached += 1;
    else extended += 1;
  }
  return [
    `${sejours(extended, 'prolongé')} jusqu'au ${formatDate(end)}.`,
    reached > 0 && `${sejours(reached, 'déjà prolongé')} jusque-là.`,
    cancelled > 0 && `${sejours(cancelled, 'annulé')} : pas de prolongation.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** « 1 séjour annulé à partir du 12/12/2026. » (a past date is today: past nights stay billable). */
export function annulationImpact(d: DemandeDetail, today: string = parisToday()): string {
  const from = d.date_debut < today ? today : d.date_debut;
  let cancelled = 0;
  let untouched = 0;
  for (const target of d.cibles) {
    const running = liveOf(d, target).some((stay) => ACTIVE.includes(stay.statut) && stay.date_fin > from);
    if (running) cancelled += 1;
    else untouched += 1;
  }
  return [
    `${sejours(cancelled, 'annulé')} à partir du ${formatDate(from)} ; les nuitées passées restent dues.`,
    untouched > 0 &&
      `${sejours(untouched, 'déjà annulé')} ou terminé${untouched > 1 ? 's' : ''} avant : rien à y changer.`,
  ]
    .filter(Boolean)
    .join(' ');
}
