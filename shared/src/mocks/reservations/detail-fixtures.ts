import dayjs from 'dayjs';
import { API_DATE_FORMAT } from '../../format/dates';
import { fromCents, toCents } from '../../format/money';
import { addDays, AUDIT_ACTION_LABELS, parisToday } from '../../contract';
import type {
  EtatPaiement,
  HistoriqueEntry,
  Nuitee,
  RecapPensionnaire,
  ReservationDetail,
  ReservationIntegraleDetail,
  ReservationItem,
  ReservationStatut,
  ReservationTotaux,
  Retablissement,
  TypeLiberation,
} from '../../contract';
import { seedTypesChambre } from '../referentiel/fixtures';
import { freshReservations, integraleOf, MOCK_PROLONGATION_ALERT_DAYS, mockParent } from './list-fixtures';

/**
 * Stays and full reservations of the detail mocks (fiche-resa, fiche-resa-integrale), dated around today so that
 * running, future and past stays exist whenever the mocks start. What the API derives (totals, chain, actions,
 * payment summaries) is derived here the same way (docs/domain.md "Computations"), money in integer cents.
 */

const day = (offset: number) => addDays(parisToday(), offset);

/** What a cancellation or an early departure did to a stay, for « Rétablir » (the API's `liberations`). */
export interface MockLiberation {
  type: TypeLiberation;
  /** When (ISO) and its day. */
  le: string;
  jour: string;
  statut_avant: ReservationStatut;
  date_fin_avant: string;
  nuits: string[];
}

/** What a list row lacks to be a detail, kept beside it (a new row gets its nights on first read). */
export interface StayExtras {
  annulee_at: string | null;
  updated_at: string;
  nuitees: Nuitee[];
  /** The liberations not undone yet, last one last. */
  liberations: MockLiberation[];
}

/** A full reservation (parent): one client, one hotel, one pair of contracts, one tariff in these mocks. */
export interface MockParent {
  id: number;
  client_id: number;
  client_nom: string;
  etablissement_id: number;
  etablissement_nom: string;
  etablissement_ville: string;
  contrat_client: { id: number; reference: string };
  contrat_etablissement: { id: number; reference: string };
  demande_id: number | null;
  created_at: string;
  /** Sale and purchase prices of every night. */
  tarif: { vente: string; achat: string; pdj: string; dej: string; diner: string; paf: string; caf: string };
}

const TARIF: MockParent['tarif'] = {
  vente: '62.00',
  achat: '48.50',
  pdj: '5.50',
  dej: '9.00',
  diner: '11.00',
  paf: '3.00',
  caf: '2.00',
};

/** The parents of the list mocks (list-fixtures.ts), with the tariff the detail needs. */
export function parentById(id: number): MockParent | undefined {
  const parent = mockParent(id);
  if (!parent) return undefined;
  const summary = integraleOf(id, freshReservations());
  return {
    id,
    client_id: parent.client.id,
    client_nom: parent.client.nom,
    etablissement_id: parent.hotel.id,
    etablissement_nom: parent.hotel.nom,
    etablissement_ville: parent.hotel.ville,
    contrat_client: { ...parent.contratClient },
    contrat_etablissement: { ...parent.contratEtablissement },
    demande_id: parent.demandeId,
    created_at: summary.created_at,
    tarif: TARIF,
  };
}

export const capaciteOf = (typeChambreId: number): number =>
  seedTypesChambre.find((type) => type.id === typeChambreId)?.capacite ?? 1;

/** The nights of [from, to) of a stay, priced at the mocks' tariff. */
export function nightsOf(
  stay: Pick<ReservationItem, 'petit_dejeuner' | 'dejeuner' | 'diner' | 'status_paf' | 'status_caf'>,
  from: string,
  to: string,
  firstNightId: number,
): Nuitee[] {
  const nights: Nuitee[] = [];
  // Yesterday's arrivals wait for the morning's attendance check (the dashboard's « commencées hier »).
  const unchecked = from === day(-1);
  for (let date = dayjs(from); date.isBefore(dayjs(to), 'day'); date = date.add(1, 'day')) {
    nights.push({
      id: firstNightId + nights.length,
      date_nuit: date.format(API_DATE_FORMAT),
      prix_achat_ht: TARIF.achat,
      prix_vente_ht: TARIF.vente,
      taux_tva_nuitee: '10.00',
      taux_tva_repas: '10.00',
      prix_petit_dejeuner_ht: TARIF.pdj,
      prix_dejeuner_ht: TARIF.dej,
      prix_diner_ht: TARIF.diner,
      petit_dejeuner: stay.petit_dejeuner ? 1 : 0,
      dejeuner: stay.dejeuner ? 1 : 0,
      diner: stay.diner ? 1 : 0,
      presence: date.format(API_DATE_FORMAT) < parisToday() && !unchecked ? 'present' : 'non_pointe',
      etat_paf: 'a_verifier',
      etat_caf: 'a_verifier',
      montant_paf: stay.status_paf ? TARIF.paf : '0.00',
      montant_caf: stay.status_caf ? TARIF.caf : '0.00',
      annulee: false,
    });
  }
  return nights;
}

const extras = new WeakMap<ReservationItem, StayExtras>();

/** The nights and dates of a list row, built on first use from what the row says (payment states, cancellation). */
export function extrasOf(row: ReservationItem): StayExtras {
  const known = extras.get(row);
  if (known) return known;
  const built: StayExtras = {
    annulee_at: null,
    updated_at: row.created_at,
    nuitees: nightsOf(row, row.date_debut, row.date_fin, row.id * 1000),
    liberations: [],
  };
  for (const night of built.nuitees) {
    if (night.date_nuit > parisToday()) continue;
    night.etat_paf = row.etat_payment_paf;
    night.etat_caf = row.etat_payment_caf;
  }
  if (row.statut === 'annulee') {
    const from = [row.date_debut, day(-1)].sort().at(-1)!;
    built.annulee_at = `${from}T08:00:00.000Z`;
    for (const night of built.nuitees) night.annulee = night.date_nuit >= from;
  }
  extras.set(row, built);
  return built;
}

// -------------------------------------------------------------------------------------------------------------
// Money in integer cents: no float ever adds euros.
// -------------------------------------------------------------------------------------------------------------

/** TVA(rate) = round(base × rate / 100), half away from zero; rates are decimal strings ('10.00'). */
function vat(baseCents: number, rate: string): number {
  const exact = (baseCents * toCents(rate)) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

function montants(bases: Map<string, number>) {
  let ht = 0;
  let tva = 0;
  for (const [rate, base] of bases) {
    ht += base;
    tva += vat(base, rate);
  }
  return { ht: fromCents(ht), tva: fromCents(tva), ttc: fromCents(ht + tva) };
}

const add = (bases: Map<string, number>, rate: string, cents: number) =>
  bases.set(rate, (bases.get(rate) ?? 0) + cents);

/** Totals of a set of nights (cancelled ones count only in `nuitees_annulees`). */
export function totauxOf(nights: readonly Nuitee[]): ReservationTotaux {
  const sale = new Map<string, number>();
  const purchase = new Map<string, number>();
  const totals = { nuitees: 0, annulees: 0, paf: 0, caf: 0, pdj: 0, dej: 0, diner: 0 };
  for (const night of nights) {
    if (night.annulee) {
      totals.annulees += 1;
      continue;
    }
    totals.nuitees += 1;
    totals.pdj += night.petit_dejeuner;
    totals.dej += night.dejeuner;
    totals.diner += night.diner;
    totals.paf += toCents(night.montant_paf);
    totals.caf += toCents(night.montant_caf);
    const mealCents =
      night.petit_dejeuner * toCents(night.prix_petit_dejeuner_ht) +
      night.dejeuner * toCents(night.prix_dejeuner_ht) +
      night.diner * toCents(night.prix_diner_ht);
    add(sale, night.taux_tva_nuitee, toCents(night.prix_vente_ht));
    add(sale, night.taux_tva_repas, mealCents);
    add(purchase, night.taux_tva_nuitee, toCents(night.prix_achat_ht));
    // Purchase meals at 80 % of the sale price in these mocks (integer cents).
    add(purchase, night.taux_tva_repas, Math.round((mealCents * 8) / 10));
  }
  const vente = montants(sale);
  const achat = montants(purchase);
  return {
    nuitees: totals.nuitees,
    nuitees_annulees: totals.annulees,
    vente,
    achat,
    marge_ht: fromCents(toCents(vente.ht) - toCents(achat.ht)),
    montant_paf: fromCents(totals.paf),
    montant_caf: fromCents(totals.caf),
    petit_dejeuner: totals.pdj,
    dejeuner: totals.dej,
    diner: totals.diner,
  };
}

// -------------------------------------------------------------------------------------------------------------
// Derived views
// -------------------------------------------------------------------------------------------------------------

/**
 * Over the non-cancelled nights dated before today (all of them when none is): `a_verifier` if any is, else
 * `non_paye` if any is, else `paye` (docs/domain.md « PAF/CAF amounts », the API's rule).
 */
export function summaryOf(nights: readonly Nuitee[], stream: 'paf' | 'caf'): EtatPaiement {
  const kept = nights.filter((night) => !night.annulee);
  const due = kept.filter((night) => night.date_nuit < parisToday());
  const states = (due.length > 0 ? due : kept).map((night) =>
    stream === 'paf' ? night.etat_paf : night.etat_caf,
  );
  if (states.length === 0 || states.includes('a_verifier')) return 'a_verifier';
  return states.includes('non_paye') ? 'non_paye' : 'paye';
}

const OPEN: readonly ReservationStatut[] = ['confirmee', 'en_cours'];

/** Recomputes what a list row derives from its nights and dates, after a write. */
export function syncRow(row: ReservationItem): void {
  const { nuitees } = extrasOf(row);
  row.nombre_nuits = dayjs(row.date_fin).diff(dayjs(row.date_debut), 'day');
  row.etat_payment_paf = summaryOf(nuitees, 'paf');
  row.etat_payment_caf = summaryOf(nuitees, 'caf');
  row.prolongable =
    OPEN.includes(row.statut) &&
    row.prolongee_par_id === null &&
    row.date_fin >= parisToday() &&
    row.date_fin <= day(MOCK_PROLONGATION_ALERT_DAYS);
}

/** The stays of one resident linked by extensions, in date order. */
export function chainOf(rows: readonly ReservationItem[], row: ReservationItem): ReservationItem[] {
  let first = row;
  for (;;) {
    const previous = rows.find((other) => other.id === first.prolongation_de_id);
    if (!previous) break;
    first = previous;
  }
  const chain = [first];
  for (;;) {
    const next = rows.find((other) => other.prolongation_de_id === chain.at(-1)!.id);
    if (!next) break;
    chain.push(next);
  }
  return chain;
}

/**
 * What « Rétablir » would undo on a stay now, as the API decides it (docs/domain.md « Restoring a stay »): its last
 * liberation, until the end of the next day, while the departure it gives back is not past, an early departure
 * only while no extension follows. The mocks restore one stay at a time (no extension cancelled with it).
 */
export function retablissementOf(row: ReservationItem): Retablissement | null {
  const last = extrasOf(row).liberations.at(-1);
  if (!last) return null;
  if (parisToday() > addDays(last.jour, 1) || last.date_fin_avant < parisToday()) return null;
  if (last.type === 'depart_anticipe' && row.prolongee_par_id !== null) return null;
  const nights = [...last.nuits].sort();
  return {
    reservation_id: row.id,
    type: last.type,
    le: last.le,
    jusqu_au: addDays(last.jour, 1),
    statut: last.type === 'depart_anticipe' && row.statut !== 'terminee' ? row.statut : last.statut_avant,
    date_fin: last.date_fin_avant,
    nuits: nights.length,
    premiere_nuit: nights[0] ?? null,
    reservation_ids: [row.id],
  };
}

export function toDetail(row: ReservationItem, rows: readonly ReservationItem[]): ReservationDetail {
  const parent = parentById(row.id_reservation_mere);
  const { nuitees, annulee_at, updated_at } = extrasOf(row);
  const live = row.statut !== 'annulee' && row.statut !== 'terminee';
  return {
    ...row,
    contrat_client: parent?.contrat_client ?? { id: 0, reference: '' },
    contrat_etablissement: parent?.contrat_etablissement ?? { id: 0, reference: '' },
    type_chambre_capacite: capaciteOf(row.type_chambre_id),
    demande_id: parent?.demande_id ?? null,
    annulee_at,
    created_by: 'Camille Martin',
    updated_at,
    chaine: chainOf(rows, row).map(({ id, type_resa, statut, date_debut, date_fin }) => ({
      id,
      type_resa,
      statut,
      date_debut,
      date_fin,
    })),
    nuitees,
    totaux: totauxOf(nuitees),
    actions: {
      confirmer: row.statut === 'en_attente',
      annuler: live,
      prolonger: OPEN.includes(row.statut) && row.prolongee_par_id === null,
      modifier: live,
      pointer: row.statut !== 'en_attente' && row.statut !== 'annulee',
      retablir: retablissementOf(row) !== null,
    },
    retablissement: retablissementOf(row),
  };
}

export function toIntegrale(
  parent: MockParent,
  rows: readonly ReservationItem[],
): ReservationIntegraleDetail {
  const children = rows.filter((row) => row.id_reservation_mere === parent.id);
  const live = children.filter((row) => row.statut !== 'annulee');
  const { tarif: _tarif, ...header } = parent;
  return {
    ...integraleOf(parent.id, rows),
    ...header,
    reservations: children.map((row) => ({ ...row })),
    totaux: totauxOf(children.flatMap((row) => extrasOf(row).nuitees)),
    actions: {
      confirmer: children.some((row) => row.statut === 'en_attente'),
      annuler: live.some((row) => row.statut !== 'terminee'),
      prolonger: children.some((row) => OPEN.includes(row.statut) && row.prolongee_par_id === null),
      ajouter: children.length === 0 || live.length > 0,
    },
    retablissements: children.flatMap((row) => retablissementOf(row) ?? []),
  };
}

export function recapOf(parentId: number, rows: readonly ReservationItem[]): RecapPensionnaire[] {
  const children = rows.filter((row) => row.id_reservation_mere === parentId);
  const residents = [...new Set(children.map((row) => row.pensionnaire_id))];
  return residents.map((pensionnaireId) => {
    const own = children
      .filter((row) => row.pensionnaire_id === pensionnaireId)
      .sort((a, b) => a.date_debut.localeCompare(b.date_debut));
    const live = own.filter((row) => row.statut !== 'annulee');
    const shown = live.length ? live : own;
    const last = live.at(-1) ?? null;
    const first = own[0]!;
    return {
      pensionnaire_id: pensionnaireId,
      pensionnaire_nom: first.pensionnaire_nom,
      pensionnaire_prenom: first.pensionnaire_prenom,
      numero_dossier: first.numero_dossier,
      date_debut: shown[0]!.date_debut,
      date_fin: shown.at(-1)!.date_fin,
      reservation_ids: own.map((row) => row.id),
      derniere_reservation_id: last && last.prolongee_par_id === null ? last.id : null,
      statut: (last ?? own.at(-1)!).statut,
      totaux: totauxOf(own.flatMap((row) => extrasOf(row).nuitees)),
    };
  });
}

const CREATOR = { type: 'user' as const, id: 1, nom: 'Camille Martin' };

/**
 * The history of a stay: its creation (and confirmation, for a stay past `en_attente` whose confirmation the
 * mocks did not record), then the entries the write mocks recorded, newest first.
 */
export function historyOf(row: ReservationItem, recorded: readonly HistoriqueEntry[]): HistoriqueEntry[] {
  const own = recorded.filter((entry) => entry.entite_id === String(row.id));
  const base: HistoriqueEntry[] = [
    {
      id: row.id * 1000,
      date: row.created_at,
      entite: 'reservation',
      entite_id: String(row.id),
      action: row.type_resa === 'prolongation' ? 'prolongation' : 'creation',
      libelle: AUDIT_ACTION_LABELS[row.type_resa === 'prolongation' ? 'prolongation' : 'creation'],
      acteur: CREATOR,
      // The API's creation entry: the stay's business fields (stay-repository.ts stayAudit), in its reading order.
      changements: [
        {
          champ: 'statut',
          avant: null,
          apres: row.type_resa === 'prolongation' ? 'confirmee' : 'en_attente',
        },
        { champ: 'type_resa', avant: null, apres: row.type_resa },
        ...(row.prolongation_de_id === null
          ? []
          : [{ champ: 'prolongation_de_id', avant: null, apres: row.prolongation_de_id }]),
        { champ: 'date_debut', avant: null, apres: row.date_debut },
        { champ: 'date_fin', avant: null, apres: row.date_fin },
      ],
    },
  ];
  if (
    row.type_resa === 'initiale' &&
    row.statut !== 'en_attente' &&
    !own.some((entry) => entry.action === 'confirmation')
  ) {
    base.push({
      id: row.id * 1000 + 1,
      date: row.created_at.replace(/T.*/, 'T11:05:00.000Z'),
      entite: 'reservation',
      entite_id: String(row.id),
      action: 'confirmation',
      libelle: AUDIT_ACTION_LABELS.confirmation,
      acteur: { type: 'user', id: 2, nom: 'Julien Bernard' },
      changements: [{ champ: 'statut', avant: 'en_attente', apres: 'confirmee' }],
    });
  }
  return [...base, ...own].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
