/**
 * When « Rétablir » may undo a liberation (docs/domain.md « Restoring a stay »), in one place for the card's
 * `actions.retablir` and for the write: until the end of the day after it was done (Paris), while the departure
 * the stay gets back is not past, from the stay the action was asked on (not an extension cancelled with it), and,
 * for an early departure, while no new extension follows the stay. Each refusal is a French sentence (409).
 */
import { addDays } from 'shared/contract';
import type { Retablissement, TypeLiberation } from 'shared/contract';
import { frenchDate } from '../../../lib/days';
import type { LiberationRow } from './liberation-store';

/** « l'annulation », « le départ anticipé », « le no-show », and the agreement of a participle with it. */
const WHAT: Record<TypeLiberation, { text: string; e: string }> = {
  annulation: { text: "l'annulation", e: 'e' },
  depart_anticipe: { text: 'le départ anticipé', e: '' },
  no_show: { text: 'le no-show', e: '' },
};

export const RETABLISSEMENT_MESSAGES = {
  nothing: (id: number) =>
    `La réservation n° ${id} n'a ni annulation, ni départ anticipé, ni no-show à rétablir.`,
  tooLate: (id: number, type: TypeLiberation, jour: string) =>
    `Rétablissement impossible : ${WHAT[type].text} de la réservation n° ${id} (le ${frenchDate(jour)}) ne pouvait être rétabli${WHAT[type].e} que jusqu'au ${frenchDate(addDays(jour, 1))} inclus.`,
  ended: (id: number, dateFin: string) =>
    `Rétablissement impossible : la réservation n° ${id} devait se terminer le ${frenchDate(dateFin)}, date passée.`,
  withParent: (id: number, parent: number) =>
    `La réservation n° ${id} a été annulée avec la réservation n° ${parent} qu'elle prolonge : rétablissez la réservation n° ${parent}.`,
  extended: (id: number, extension: number) =>
    `Rétablissement impossible : la réservation n° ${id} est prolongée depuis par la réservation n° ${extension} ; annulez d'abord la prolongation.`,
  extensionTaken: (id: number, extended: number, extension: number) =>
    `Rétablissement impossible : la réservation n° ${extended}, que la réservation n° ${id} prolongeait, est prolongée depuis par la réservation n° ${extension} ; annulez d'abord cette prolongation.`,
  /** A booking check's refusal (« Le contrat client CC-1 n'est pas actif : réservation impossible. »), as the restoration's. */
  blocked: (id: number, reason: string) =>
    `Rétablissement de la réservation n° ${id} impossible : ${reason.charAt(0).toLowerCase()}${reason.slice(1).replace(/ : réservation impossible\.$/, '.')}`,
  nightTaken: (id: number, name: string, date: string, other: number) =>
    `Rétablissement de la réservation n° ${id} impossible : ${name} a une autre réservation la nuit du ${frenchDate(date)} (réservation n° ${other}) ; annulez-la ou écourtez-la d'abord.`,
  done: (id: number, count: number, nuits: number) =>
    `Réservation n° ${id} rétablie${count > 1 ? ` avec ${count - 1} prolongation(s)` : ''} : ${nuits} nuit${nuits > 1 ? 's' : ''} de nouveau réservée${nuits > 1 ? 's' : ''}.`,
} as const;

/** The reason « Rétablir » is refused on this liberation now, or null when it may be undone. */
export function restoreRefusal(row: LiberationRow, today: string): string | null {
  if (row.avec_reservation_id !== null)
    return RETABLISSEMENT_MESSAGES.withParent(row.reservation_id, row.avec_reservation_id);
  if (today > addDays(row.jour, 1))
    return RETABLISSEMENT_MESSAGES.tooLate(row.reservation_id, row.type, row.jour);
  if (row.date_fin_avant < today)
    return RETABLISSEMENT_MESSAGES.ended(row.reservation_id, row.date_fin_avant);
  if (row.type === 'depart_anticipe' && row.prolongee_par_id !== null)
    return RETABLISSEMENT_MESSAGES.extended(row.reservation_id, row.prolongee_par_id);
  if (
    row.statut === 'annulee' &&
    row.prolonge_id !== null &&
    row.prolonge_depuis_par_id !== null &&
    row.prolonge_depuis_par_id !== row.reservation_id
  )
    return RETABLISSEMENT_MESSAGES.extensionTaken(
      row.reservation_id,
      row.prolonge_id,
      row.prolonge_depuis_par_id,
    );
  return null;
}

/** The status a stay gets back: its own before a cancellation; an early departure only reopens a finished stay. */
export function statutRestored(row: LiberationRow): Retablissement['statut'] {
  if (row.type !== 'depart_anticipe') return row.statut_avant;
  return row.statut === 'terminee' ? row.statut_avant : row.statut;
}

/** What the card says « Rétablir » would do: `act` is `actFrom(head)`. */
export function retablissementOf(head: LiberationRow, act: LiberationRow[]): Retablissement {
  const nights = act.flatMap((row) => row.nuits).sort();
  return {
    reservation_id: head.reservation_id,
    type: head.type,
    le: head.le,
    jusqu_au: addDays(head.jour, 1),
    statut: statutRestored(head),
    date_fin: head.date_fin_avant,
    nuits: nights.length,
    premiere_nuit: nights[0] ?? null,
    reservation_ids: act.map((row) => row.reservation_id),
  };
}
