/**
 * The French messages of the reservation writes' rules (docs/domain.md "Reservation writes"), in one place: the
 * services throw them, the tests and the standalone mocks (shared/src/mocks/messages.ts) quote them.
 */
import { RESERVATION_STATUT_LABELS, type ReservationStatut } from 'shared/contract';
import { ConflictError } from '../../errors';
import { frenchDate } from '../../lib/days';

export const WRITE_MESSAGES = {
  parentNotFound: 'Réservation intégrale introuvable.',
  stayNotFound: (id: number) => `Réservation n° ${id} introuvable.`,
  period: "La date de départ (end_date) doit être postérieure à la date d'arrivée (start_date).",
  tooLong: (max: number) => `Une réservation ne peut pas dépasser ${max} nuits.`,
  tooLate: (limit: string) =>
    `La date d'arrivée ne peut pas être antérieure au ${frenchDate(limit)} (saisie tardive limitée à 7 jours).`,
  clientNotFound: 'Client introuvable.',
  clientArchived: 'Ce client est archivé : réservation impossible.',
  hotelNotFound: 'Établissement introuvable.',
  hotelArchived: 'Cet établissement est archivé : réservation impossible.',
  roomTypeNotFound: 'Type de chambre introuvable.',
  contratClientNotFound: 'Contrat client introuvable.',
  contratEtablissementNotFound: 'Contrat établissement introuvable.',
  contratClientOther: "Ce contrat client n'appartient pas à ce client.",
  contratEtablissementOther: "Ce contrat établissement n'appartient pas à cet établissement.",
  contratInactive: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} n'est pas actif : réservation impossible.`,
  contratNotCovering: (kind: string, reference: string) =>
    `Le contrat ${kind} ${reference} ne couvre pas toute la période demandée.`,
  noPurchaseLine: (date: string, type: string) =>
    `Aucun tarif d'achat pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  noSaleLine: (date: string, type: string) =>
    `Aucun tarif de vente pour le type de chambre ${type} la nuit du ${frenchDate(date)}.`,
  residentNotFound: (id: number) => `Pensionnaire n° ${id} introuvable.`,
  residentOther: (name: string) => `Le pensionnaire ${name} n'appartient pas à ce client.`,
  residentArchived: (name: string) => `Le pensionnaire ${name} est archivé : réservation impossible.`,
  alreadyBooked: (name: string, date: string) =>
    `Le pensionnaire ${name} a déjà une nuitée réservée le ${frenchDate(date)}.`,
  alreadyBookedRace: 'Un des pensionnaires a déjà une nuitée réservée sur cette période.',
  noRoom: (type: string, date: string) =>
    `Plus de chambre disponible pour le type ${type} le ${frenchDate(date)}.`,
  noRoomRace: 'Plus de chambre disponible sur cette période.',
  parentCancelled: (id: number) =>
    `La réservation intégrale n° ${id} est annulée (toutes ses réservations le sont) : ajout d'un pensionnaire impossible. Créez une nouvelle réservation.`,
  demandeNotFound: 'Demande introuvable.',
  changedMeanwhile: 'Cette réservation a été modifiée entre-temps : rechargez-la puis recommencez.',
} as const;

export const statutLabel = (statut: ReservationStatut) => RESERVATION_STATUT_LABELS[statut].toLowerCase();

/** 409 « La réservation n° 12 est annulée : confirmation impossible. » */
export function invalidTransition(
  stay: { id: number; statut: ReservationStatut },
  action: string,
): ConflictError {
  return new ConflictError(
    `La réservation n° ${stay.id} est ${statutLabel(stay.statut)} : ${action} impossible.`,
  );
}
