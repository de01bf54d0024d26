// The ledger views of invoicing (issue 39 §1 and §3): the aged balance's buckets, the accounting export (FEC) — its
// journals, its account table and its 18 columns — and every French message the module answers. See
// docs/invoicing.md « Aged balance » and « Accounting export (FEC) ».
import { frenchDate } from './days';

/** The routes (under /api). */
export const COMPTABILITE_PATHS = {
  balanceAgee: '/comptabilite/balance-agee',
  balanceAgeeXlsx: '/comptabilite/balance-agee/xlsx',
  fec: '/comptabilite/fec',
  fecXlsx: '/comptabilite/fec/xlsx',
} as const;

/** The aged balance's buckets, by days past the due date at the balance's date (due that day = not due). */
export const TRANCHES_AGE = ['nonEchu', 'j0a30', 'j31a60', 'j61a90', 'plusDe90'] as const;
export type TrancheAge = (typeof TRANCHES_AGE)[number];
export const TRANCHE_AGE_LABELS: Record<TrancheAge, string> = {
  nonEchu: 'Non échu',
  j0a30: '0 à 30 jours',
  j31a60: '31 à 60 jours',
  j61a90: '61 à 90 jours',
  plusDe90: 'Plus de 90 jours',
};
/** What a credit note credits beyond what was left on its invoice: owed to the client, not aged. */
export const NON_IMPUTE_LABEL = 'Avoirs non imputés';

/** The journals of the export: sales (invoices, credit notes), bank (payments), purchases (hotel invoices). */
export const JOURNAUX = {
  VT: 'Journal des ventes',
  BQ: 'Journal de banque',
  HA: 'Journal des achats',
} as const;
export type JournalCode = keyof typeof JOURNAUX;

/**
 * The chart of accounts the export writes (plan comptable général). One table, fixed: a change of account is a
 * change of the books' layout, made in the code with its test, not a setting an agent could change between two
 * exports of one year. VAT collected has one sub-account per rate (`44571` + the rate in hundredths on four digits:
 * 10 % → 445711000), so that each account number keeps one label throughout the file.
 */
export const COMPTES = {
  clients: { numero: '411000', libelle: 'Clients' },
  fournisseurs: { numero: '401000', libelle: 'Fournisseurs' },
  ventes: { numero: '706000', libelle: 'Prestations de services' },
  achats: { numero: '604000', libelle: 'Achats d’études et prestations de services' },
  tvaCollectee: { numero: '44571', libelle: 'TVA collectée' },
  tvaDeductible: { numero: '445660', libelle: 'TVA déductible sur autres biens et services' },
  banque: { numero: '512000', libelle: 'Banque' },
} as const;

/** The 18 columns of the FEC, in the order of article A47 A-1 of the livre des procédures fiscales. */
export const FEC_COLONNES = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
export type FecColonne = (typeof FEC_COLONNES)[number];

/** The longest period one export covers: a first financial year may last up to 24 months. */
export const FEC_MAX_JOURS = 731;

export const COMPTABILITE_MESSAGES = {
  periode: 'La date de fin doit être égale ou postérieure à la date de début.',
  periodeLongue: `La période exportée ne peut pas dépasser ${FEC_MAX_JOURS} jours.`,
  sirenManquant:
    'Le SIREN du vendeur manque dans les paramètres de facturation : il nomme le fichier des écritures comptables (article A47 A-1 du LPF).',
  balanceAu: (date: string) => `Balance âgée au ${frenchDate(date)}`,
  ecrituresDu: (debut: string, fin: string) =>
    `Écritures comptables du ${frenchDate(debut)} au ${frenchDate(fin)}`,
};
