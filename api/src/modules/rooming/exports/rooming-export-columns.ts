/**
 * Columns of issue 11's twelve exports, over the rooming rows (RoomingRow) and the pointage rows (a stay and the
 * summary of its nights in the window). Rendered by the reservation exports' PDF and Excel writers.
 */
import {
  ETAT_PAIEMENT_LABELS,
  RESERVATION_STATUT_LABELS,
  type EtatPaiement,
  type ReservationItem,
  type RoomingRow,
} from 'shared/contract';
import type { ColumnKind, ExportColumn } from '../../../lib/exports/export-types';

/** A stay of a pointage export and its nights of the window, counted by state (money as decimal strings). */
export interface PointageRow extends ReservationItem {
  nuits: number;
  presents: number;
  absents: number;
  non_pointes: number;
  /** The stream's nights by state, and their amounts (PAF or CAF export; zeros for the presence one). */
  flux: Record<EtatPaiement, { nuits: number; montant: string }>;
}

const column =
  (kind: ColumnKind) =>
  <R>(header: string, width: number, value: (row: R) => string | number): ExportColumn<R> => ({
    header,
    width,
    kind,
    value,
  });
const text = column('text');
const date = column('date');
const integer = column('integer');
const money = column('money');

type Common = Pick<
  RoomingRow,
  'id' | 'pensionnaire_nom' | 'pensionnaire_prenom' | 'numero_dossier' | 'client_nom' | 'etablissement_nom'
>;
const who = <R extends Common>(): ExportColumn<R>[] => [
  integer<R>('N°', 6, (r) => r.id),
  text<R>('Pensionnaire', 18, (r) => `${r.pensionnaire_nom} ${r.pensionnaire_prenom}`),
  text<R>('Dossier', 9, (r) => r.numero_dossier),
];

const roomingStay: ExportColumn<RoomingRow>[] = [
  text('Type ch.', 9, (r) => r.type_chambre_libelle),
  text('Ch.', 5, (r) => r.chambre ?? ''),
  date('Arrivée', 9, (r) => r.date_debut),
  date('Départ', 9, (r) => r.date_fin),
  integer('Nuitées', 6, (r) => r.nuitees),
  integer('Présent', 6, (r) => r.nuitees_presentes),
  integer('PD', 4, (r) => r.petit_dejeuner),
  integer('D', 4, (r) => r.dejeuner),
  integer('Dî', 4, (r) => r.diner),
];

/** rooming-etab: what the hotel is paid (purchase HT). */
export const ROOMING_ETAB_COLUMNS: ExportColumn<RoomingRow>[] = [
  text('Établissement', 14, (r) => r.etablissement_nom),
  ...who<RoomingRow>(),
  text('Client', 13, (r) => r.client_nom),
  ...roomingStay,
  money('Achat HT', 9, (r) => r.prix_ht),
  money('Achat HT réel', 9, (r) => r.prix_htr),
];

/** rooming-client: what the client is invoiced (sale HT) and the two streams. */
export const ROOMING_CLIENT_COLUMNS: ExportColumn<RoomingRow>[] = [
  text('Client', 13, (r) => r.client_nom),
  ...who<RoomingRow>(),
  text('Établissement', 14, (r) => r.etablissement_nom),
  ...roomingStay,
  money('Vente HT', 9, (r) => r.prix_ht),
  money('PAF (€)', 7, (r) => r.montant_paf),
  money('CAF (€)', 7, (r) => r.montant_caf),
];

/** rooming-pensionnaires: who sleeps where. */
export const ROOMING_PENS_COLUMNS: ExportColumn<RoomingRow>[] = [
  ...who<RoomingRow>(),
  text('Client', 13, (r) => r.client_nom),
  text('Établissement', 14, (r) => r.etablissement_nom),
  text('Ville', 10, (r) => r.etablissement_ville),
  ...roomingStay.slice(0, 5),
  text('Statut', 9, (r) => RESERVATION_STATUT_LABELS[r.statut]),
];

const pointageStay = <R extends PointageRow>(): ExportColumn<R>[] => [
  ...who<R>(),
  text<R>('Client', 13, (r) => r.client_nom),
  text<R>('Établissement', 14, (r) => r.etablissement_nom),
  text<R>('Ch.', 5, (r) => r.chambre ?? ''),
  date<R>('Arrivée', 9, (r) => r.date_debut),
  date<R>('Départ', 9, (r) => r.date_fin),
  integer<R>('Nuits', 5, (r) => r.nuits),
];

export const POINTAGE_PRESENCE_COLUMNS: ExportColumn<PointageRow>[] = [
  ...pointageStay<PointageRow>(),
  integer('Présent', 6, (r) => r.presents),
  integer('Absent', 6, (r) => r.absents),
  integer('Non pointé', 7, (r) => r.non_pointes),
];

export function pointagePaiementColumns(label: string): ExportColumn<PointageRow>[] {
  return [
    ...pointageStay<PointageRow>(),
    text(
      `État ${label}`,
      9,
      (r) => ETAT_PAIEMENT_LABELS[label === 'PAF' ? r.etat_payment_paf : r.etat_payment_caf],
    ),
    integer('Payé', 5, (r) => r.flux.paye.nuits),
    money('Payé (€)', 7, (r) => r.flux.paye.montant),
    integer('Non payé', 6, (r) => r.flux.non_paye.nuits),
    money('Non payé (€)', 8, (r) => r.flux.non_paye.montant),
    integer('À vérifier', 6, (r) => r.flux.a_verifier.nuits),
    money('À vérifier (€)', 8, (r) => r.flux.a_verifier.montant),
  ];
}
