import {
  DEMANDES_MESSAGES as D,
  type DemandeDetail,
  type DemandeReservation,
  type ResultatCible,
  type TraitementBody,
} from '../../contract';
import { seedEtablissements, seedTypesChambre } from '../referentiel/fixtures';
import { mockDay } from '../reservations/list-fixtures';

/**
 * The stays linked to the mock requests, and the extension and cancellation of them as the API does them
 * (api/src/modules/demandes/prolongation, annulation): a result per targeted stay; all done → `traitee`
 * (« Prolongée », « Annulation confirmée »), some → `en_cours` (the rest can be retried), none → 409 with the reasons
 * and nothing changed. The stays are in Hôtel du Parc, a Double each, one full reservation per request.
 *
 * Targeted stays (`cibles`) run from 5 days ago: until in 3 days for an extension (asked until the request's
 * departure), until in 10 days for a cancellation (asked from the request's date, its `date_debut` as in the API). So that every answer shows
 * standalone, some open requests (`cancelledSince`, chosen by fixtures.ts) have their first targeted stay cancelled
 * since: with two residents the action is done in part (`en_cours`), with one it fails (409).
 */

const HOTEL = { etablissement_id: 1, etablissement_nom: 'Hôtel du Parc', type_chambre_libelle: 'Double' };

function stay(
  d: DemandeDetail,
  index: number,
  role: DemandeReservation['role'],
  fields: Partial<DemandeReservation>,
): DemandeReservation {
  const resident = d.pensionnaires[index]!;
  return {
    id: d.id * 100 + index,
    role,
    id_reservation_mere: d.id * 100,
    type_resa: 'initiale',
    statut: 'en_cours',
    pensionnaire_id: resident.id,
    pensionnaire_nom: resident.nom,
    pensionnaire_prenom: resident.prenom,
    ...HOTEL,
    chambre: null,
    date_debut: mockDay(-5),
    date_fin: mockDay(3),
    prolongee_par_id: null,
    ...fields,
  };
}

const extensionOf = (d: DemandeDetail, target: DemandeReservation): DemandeReservation => ({
  ...target,
  id: target.id + 50,
  role: 'produite',
  type_resa: 'prolongation',
  statut: 'confirmee',
  date_debut: target.date_fin,
  date_fin: d.date_fin,
  prolongee_par_id: null,
});

/** The stays a seed request produced or targets, in the state its own state implies. */
export function staysOf(
  d: DemandeDetail,
  firstCancelled = false,
): Pick<DemandeDetail, 'cibles' | 'reservations'> {
  const residents = d.pensionnaires.map((_, index) => index);
  const open = d.statut === 'a_traiter' || d.statut === 'en_cours';
  const cancelledSince = (index: number) => open && index === 0 && firstCancelled;
  if (d.type === 'nouvelle')
    return {
      cibles: [],
      reservations:
        d.statut === 'traitee'
          ? residents.map((index) =>
              stay(d, index, 'produite', {
                statut: 'confirmee',
                date_debut: d.date_debut,
                date_fin: d.date_fin,
              }),
            )
          : [],
    };
  if (d.type === 'prolongation') {
    const cibles = residents.map((index) =>
      stay(d, index, 'cible', cancelledSince(index) ? { statut: 'annulee' } : {}),
    );
    if (d.statut !== 'traitee') return { cibles, reservations: [] };
    const reservations = cibles.map((target) => extensionOf(d, target));
    return {
      cibles: cibles.map((target, index) => ({ ...target, prolongee_par_id: reservations[index]!.id })),
      reservations,
    };
  }
  return {
    cibles: residents.map((index) =>
      stay(
        d,
        index,
        'cible',
        cancelledSince(index)
          ? { statut: 'annulee', date_fin: mockDay(10) }
          : d.statut === 'traitee'
            ? { date_fin: d.date_debut }
            : { date_fin: d.date_fin },
      ),
    ),
    reservations: [],
  };
}

export interface CiblesOutcome {
  resultats: ResultatCible[];
  /** The stays the action created (extensions). */
  created: DemandeReservation[];
}

const chosen = (d: DemandeDetail, ids: number[] | undefined) =>
  d.cibles.filter((c) => ids === undefined || ids.includes(c.id));

/** Extends each targeted stay (or its extension) to `endDate`; changes the request's stays in place. */
export function extendCibles(d: DemandeDetail, endDate: string, ids?: number[]): CiblesOutcome {
  const created: DemandeReservation[] = [];
  const resultats = chosen(d, ids).map((target): ResultatCible => {
    if (target.statut === 'annulee')
      return {
        reservation_id: target.id,
        ok: false,
        prolongation_id: null,
        message: D.targetCancelled(target.id),
      };
    const last = d.reservations.find((r) => r.id === target.prolongee_par_id) ?? target;
    if (last.date_fin >= endDate)
      return {
        reservation_id: target.id,
        ok: true,
        prolongation_id: last.id === target.id ? null : last.id,
        message: D.alreadyExtended(last.date_fin, last.id),
      };
    const extension = { ...extensionOf(d, last), id: target.id + 50 + created.length, date_fin: endDate };
    created.push(extension);
    target.prolongee_par_id = extension.id;
    return {
      reservation_id: target.id,
      ok: true,
      prolongation_id: extension.id,
      message: D.extended(endDate, extension.id),
    };
  });
  d.reservations.push(...created);
  return { resultats, created };
}

/** Cancels each targeted stay from `date`: cancelled when it starts then or later, shortened when it runs across. */
export function cancelCibles(d: DemandeDetail, date: string, ids?: number[]): CiblesOutcome {
  const from = date < mockDay(0) ? mockDay(0) : date;
  const resultats = chosen(d, ids).map((target): ResultatCible => {
    // As the API: a stay already cancelled has nothing left to cancel, which is no failure.
    if (target.statut === 'annulee')
      return {
        reservation_id: target.id,
        ok: true,
        prolongation_id: null,
        message: D.alreadyEnded(target.id),
      };
    if (target.date_debut >= from) {
      target.statut = 'annulee';
      return {
        reservation_id: target.id,
        ok: true,
        prolongation_id: null,
        message: D.cancelled(target.id),
      };
    }
    target.date_fin = from;
    return {
      reservation_id: target.id,
      ok: true,
      prolongation_id: null,
      message: D.shortened(target.id, from),
    };
  });
  return { resultats, created: [] };
}

/** « 2 réservations prolongées, 1 en échec. » (api/src/modules/demandes/resultats.ts) */
export function summary(resultats: ResultatCible[], participe: string): string {
  const ok = resultats.filter((r) => r.ok).length;
  return D.summary(ok, resultats.length - ok, participe);
}

/** The stays a treatment creates: one per resident, in the hotel and room types chosen, one full reservation. */
export function bookStays(
  d: DemandeDetail,
  body: TraitementBody,
  nextId: () => number,
): DemandeReservation[] {
  const mere = nextId();
  const hotel = seedEtablissements.find((e) => e.id === body.etablissement_id);
  return body.chambres.flatMap((chambre) =>
    chambre.pensionnaire_ids.map((residentId): DemandeReservation => {
      const resident = d.pensionnaires.find((p) => p.id === residentId);
      return {
        id: nextId(),
        role: 'produite',
        id_reservation_mere: mere,
        type_resa: 'initiale',
        statut: body.confirmer ? 'confirmee' : 'en_attente',
        pensionnaire_id: residentId,
        pensionnaire_nom: resident?.nom ?? '',
        pensionnaire_prenom: resident?.prenom ?? '',
        etablissement_id: body.etablissement_id,
        etablissement_nom: hotel?.nom ?? `Établissement n° ${body.etablissement_id}`,
        type_chambre_libelle:
          seedTypesChambre.find((t) => t.id === chambre.type_chambre_id)?.libelle ?? 'Chambre',
        chambre: chambre.chambre ?? null,
        date_debut: body.start_date ?? d.date_debut,
        date_fin: body.end_date ?? d.date_fin,
        prolongee_par_id: null,
      };
    }),
  );
}
