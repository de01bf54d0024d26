/**
 * The columns of each reservation export, shared by the PDF and Excel renderers: a French header, relative widths
 * and, per row, a typed cell (text, day, integer, money as a decimal string). Labels come from the contract.
 */
import {
  ETAT_PAIEMENT_LABELS,
  RESERVATION_STATUT_LABELS,
  TYPE_RESA_LABELS,
} from 'shared/contract/reservation-values';
import { parisDayOfIso } from '../../../lib/exports/export-format';
import type {
  ExportColumn,
  ExportRow,
  ExtensionLimits,
  StayAmounts,
} from '../../../lib/exports/export-types';

type Value = ExportColumn['value'];
const text = (header: string, width: number, value: Value): ExportColumn => ({
  header,
  width,
  kind: 'text',
  value,
});
const date = (header: string, width: number, value: Value): ExportColumn => ({
  header,
  width,
  kind: 'date',
  value,
});
const integer = (header: string, width: number, value: Value): ExportColumn => ({
  header,
  width,
  kind: 'integer',
  value,
});
const money = (header: string, width: number, value: Value): ExportColumn => ({
  header,
  width,
  kind: 'money',
  value,
});
const ouiNon = (value: boolean) => (value ? 'Oui' : 'Non');

const amounts = (row: ExportRow): StayAmounts => {
  if (row.montants === undefined) throw new Error(`montants manquants pour la réservation ${row.id}`);
  return row.montants;
};
const limits = (row: ExportRow): ExtensionLimits => {
  if (row.limites === undefined) throw new Error(`limites manquantes pour la réservation ${row.id}`);
  return row.limites;
};

const numero = integer('N°', 7, (r) => r.id);
const pensionnaire = text('Pensionnaire', 22, (r) => `${r.pensionnaire_nom} ${r.pensionnaire_prenom}`);
const dossier = text('Dossier', 12, (r) => r.numero_dossier);
const client = text('Client', 20, (r) => r.client_nom);
const etablissement = text('Établissement', 22, (r) => r.etablissement_nom);
const ville = text('Ville', 14, (r) => r.etablissement_ville);
const typeChambre = (header: string) => text(header, 12, (r) => r.type_chambre_libelle);
const chambre = text('Chambre', 8, (r) => r.chambre ?? '');
const arrivee = date('Arrivée', 10, (r) => r.date_debut);
const depart = date('Départ', 10, (r) => r.date_fin);
const nuits = integer('Nuits', 6, (r) => r.nombre_nuits);
const statut = text('Statut', 10, (r) => RESERVATION_STATUT_LABELS[r.statut]);
const typeResa = text('Type de réservation', 12, (r) => TYPE_RESA_LABELS[r.type_resa]);
const venteHt = money('Vente HT', 11, (r) => amounts(r).vente_ht);
const tva = money('TVA', 10, (r) => amounts(r).tva);
const venteTtc = money('Vente TTC', 11, (r) => amounts(r).vente_ttc);
const montantPaf = money('Montant PAF', 10, (r) => amounts(r).montant_paf);
const montantCaf = money('Montant CAF', 10, (r) => amounts(r).montant_caf);

/** generate_Pdf_Resa: the list as the screen shows it ("Type" = room type). */
export const LIST_COLUMNS: ExportColumn[] = [
  numero,
  pensionnaire,
  dossier,
  client,
  etablissement,
  typeChambre('Type'),
  chambre,
  arrivee,
  depart,
  nuits,
  statut,
];

/** generate_Excel_Resa/all_data: every field of the stay, its meals, PAF/CAF and the sale amounts of its nights. */
export const ALL_DATA_COLUMNS: ExportColumn[] = [
  numero,
  integer('Réservation intégrale', 9, (r) => r.id_reservation_mere),
  typeResa,
  text('Prolongation de', 9, (r) => (r.prolongation_de_id === null ? '' : String(r.prolongation_de_id))),
  text('Prolongée par', 9, (r) => (r.prolongee_par_id === null ? '' : String(r.prolongee_par_id))),
  statut,
  pensionnaire,
  dossier,
  client,
  etablissement,
  ville,
  typeChambre('Type de chambre'),
  chambre,
  arrivee,
  depart,
  nuits,
  text('Petit-déjeuner', 8, (r) => ouiNon(r.petit_dejeuner)),
  text('Déjeuner', 8, (r) => ouiNon(r.dejeuner)),
  text('Dîner', 8, (r) => ouiNon(r.diner)),
  text('PAF', 6, (r) => ouiNon(r.status_paf)),
  text('État PAF', 10, (r) => ETAT_PAIEMENT_LABELS[r.etat_payment_paf]),
  text('CAF', 6, (r) => ouiNon(r.status_caf)),
  text('État CAF', 10, (r) => ETAT_PAIEMENT_LABELS[r.etat_payment_caf]),
  text('APEC', 6, (r) => ouiNon(r.apec)),
  integer('Nuitées facturées', 9, (r) => amounts(r).nuitees),
  integer('Petits-déjeuners', 9, (r) => amounts(r).petit_dejeuner),
  integer('Déjeuners', 9, (r) => amounts(r).dejeuner),
  integer('Dîners', 9, (r) => amounts(r).diner),
  venteHt,
  tva,
  venteTtc,
  montantPaf,
  montantCaf,
  date('Créée le', 10, (r) => parisDayOfIso(r.created_at)),
];

const MEAL_LETTERS: [keyof ExportRow, string][] = [
  ['petit_dejeuner', 'PD'],
  ['dejeuner', 'D'],
  ['diner', 'Dî'],
];
/** « Payé » when the stream applies, « — » otherwise. */
const stream = (applies: boolean, etat: ExportRow['etat_payment_paf']) =>
  applies ? ETAT_PAIEMENT_LABELS[etat] : '—';

/** PDF all_data: the same fields, meals and streams condensed so that a landscape A4 page holds them. */
export const PDF_ALL_DATA_COLUMNS: ExportColumn[] = [
  integer('N°', 6, (r) => r.id),
  text('Statut', 8, (r) => RESERVATION_STATUT_LABELS[r.statut]),
  text('Type', 8, (r) => TYPE_RESA_LABELS[r.type_resa]),
  text('Pensionnaire', 16, (r) => `${r.pensionnaire_nom} ${r.pensionnaire_prenom}`),
  text('Dossier', 9, (r) => r.numero_dossier),
  text('Client', 13, (r) => r.client_nom),
  text('Établissement', 14, (r) => r.etablissement_nom),
  text('Type ch.', 8, (r) => r.type_chambre_libelle),
  text('Ch.', 5, (r) => r.chambre ?? ''),
  date('Arrivée', 9, (r) => r.date_debut),
  date('Départ', 9, (r) => r.date_fin),
  integer('Nuits', 5, (r) => r.nombre_nuits),
  text(
    'Repas',
    7,
    (r) =>
      MEAL_LETTERS.filter(([key]) => r[key] === true)
        .map(([, l]) => l)
        .join(', ') || '—',
  ),
  text('PAF', 8, (r) => stream(r.status_paf, r.etat_payment_paf)),
  text('CAF', 8, (r) => stream(r.status_caf, r.etat_payment_caf)),
  text('APEC', 5, (r) => ouiNon(r.apec)),
  integer('Nuitées', 6, (r) => amounts(r).nuitees),
  { ...venteHt, width: 9 },
  { ...tva, width: 8 },
  { ...venteTtc, width: 9 },
  { ...montantPaf, header: 'PAF (€)', width: 8 },
  { ...montantCaf, header: 'CAF (€)', width: 8 },
];

/** generate_excel_resa_prolonger: what one needs to decide an extension. */
export const PROLONGER_COLUMNS: ExportColumn[] = [
  numero,
  pensionnaire,
  dossier,
  client,
  etablissement,
  ville,
  typeChambre('Type de chambre'),
  chambre,
  arrivee,
  depart,
  nuits,
  statut,
  date('Fin contrat client', 12, (r) => limits(r).fin_contrat_client),
  date('Fin contrat établissement', 12, (r) => limits(r).fin_contrat_etablissement),
  integer('Jours restants', 9, (r) => limits(r).jours_restants),
  text('Prolongeable', 9, (r) => ouiNon(r.prolongable)),
];
