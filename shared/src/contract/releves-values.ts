// Hotel statements (relevés établissements) and the reconciliation of the hotels' own invoices with the booked
// nights (issue 39 §2): states, kinds of difference, the accepted columns of a detail file, their French labels and
// every French message the module answers. See docs/invoicing.md « Hotel statements and reconciliation ».
import { addDays, frenchDate } from './days';

/** What a line of a statement or of a hotel invoice's detail bills: a night, or one kind of meal. */
export const PRESTATIONS = ['nuitee', 'petit_dejeuner', 'dejeuner', 'diner'] as const;
export type Prestation = (typeof PRESTATIONS)[number];
export const PRESTATION_LABELS: Record<Prestation, string> = {
  nuitee: 'Nuitée',
  petit_dejeuner: 'Petit-déjeuner',
  dejeuner: 'Déjeuner',
  diner: 'Dîner',
};

/** à rapprocher (entered, not compared yet) → écart (differences found) → rapprochée (none left unaccepted). */
export const ETATS_FACTURE_ETABLISSEMENT = ['a_rapprocher', 'ecart', 'rapprochee'] as const;
export type EtatFactureEtablissement = (typeof ETATS_FACTURE_ETABLISSEMENT)[number];
export const ETAT_FACTURE_ETABLISSEMENT_LABELS: Record<EtatFactureEtablissement, string> = {
  a_rapprocher: 'À rapprocher',
  ecart: 'Écart',
  rapprochee: 'Rapprochée',
};

/**
 * The kinds of difference. Per night (with a detail): billed but not booked, booked but not billed, price, VAT rate,
 * billed twice. Per document: the invoice's totals against the booked totals (no detail) or against its own detail.
 */
export const TYPES_ECART = [
  'facturee_non_reservee',
  'reservee_non_facturee',
  'ecart_prix',
  'ecart_tva',
  'facturee_en_double',
  'ecart_total_ht',
  'ecart_total_tva',
  'ecart_total_ttc',
] as const;
export type TypeEcart = (typeof TYPES_ECART)[number];
export const TYPE_ECART_LABELS: Record<TypeEcart, string> = {
  facturee_non_reservee: 'Facturée, non réservée',
  reservee_non_facturee: 'Réservée, non facturée',
  ecart_prix: 'Écart de prix',
  ecart_tva: 'Écart de taux de TVA',
  facturee_en_double: 'Facturée deux fois',
  ecart_total_ht: 'Écart sur le total HT',
  ecart_total_tva: 'Écart sur le total TVA',
  ecart_total_ttc: 'Écart sur le total TTC',
};

/** Where a hotel invoice's detail came from. */
export const SOURCES_DETAIL = ['xlsx', 'csv', 'facturx'] as const;
export type SourceDetail = (typeof SOURCES_DETAIL)[number];

/**
 * The columns of a detail file (first row = headers, matched without case, accents or spaces; unknown columns are
 * ignored; the table ends at the first empty row). Our own statement's workbook uses exactly these headers.
 */
export const COLONNES_DETAIL = {
  reference: 'Réservation',
  pensionnaire: 'Pensionnaire',
  dateNuit: 'Date nuit',
  arrivee: 'Arrivée',
  depart: 'Départ',
  prestation: 'Prestation',
  typeChambre: 'Type de chambre',
  quantite: 'Quantité',
  prixUnitaireHt: 'Prix unitaire HT',
  tauxTva: 'Taux TVA',
} as const;
export type ColonneDetail = keyof typeof COLONNES_DETAIL;

/** A detail file: at most 2 MiB decoded and 20,000 lines once stays are spread into nights. */
export const DETAIL_MAX_OCTETS = 2 * 1024 * 1024;
export const DETAIL_MAX_LIGNES = 20_000;
/**
 * An XLSX detail is a ZIP archive: before it is read, its entries are counted and inflated with a ceiling, so that a
 * small file expanding into gigabytes (a « zip bomb ») is refused. A 20,000-line detail inflates to about 10 MiB.
 */
export const DETAIL_MAX_OCTETS_DECOMPRESSES = 32 * 1024 * 1024;
export const DETAIL_MAX_ENTREES_ARCHIVE = 200;
/** A stay given by arrival and departure spreads into at most this many nights. */
export const DETAIL_MAX_NUITS_SEJOUR = 366;

const colonne = (key: ColonneDetail) => `« ${COLONNES_DETAIL[key]} »`;
const at = (ligne: number, key: ColonneDetail) => `Ligne ${ligne}, colonne ${colonne(key)}`;

export const RELEVES_MESSAGES = {
  mois: 'Le mois doit être au format AAAA-MM.',
  etablissementInconnu: (id: number) => `L'établissement n° ${id} n'existe pas.`,
  factureInconnue: (id: number) => `La facture établissement n° ${id} n'existe pas.`,
  doublon: (numero: string) => `Cette facture (n° ${numero}) est déjà enregistrée pour cet établissement.`,
  ttc: 'Le total TTC doit être égal au total HT plus la TVA.',
  periode: 'La date de fin de période doit être postérieure à la date de début.',
  periodeLongue: 'La période facturée ne peut pas dépasser 366 jours.',
  version: "Cette facture a été modifiée entre-temps : rechargez-la avant de l'enregistrer.",
  dejaRapprochee:
    'Cette facture est déjà rapprochée : chargez un nouveau détail pour la rapprocher de nouveau.',
  pasEnEcart: "Cette facture n'a pas d'écart à accepter : lancez d'abord le rapprochement.",
  ecartInconnu: (id: number) => `L'écart n° ${id} n'appartient pas à cette facture.`,
  ecartDejaAccepte: (id: number) => `L'écart n° ${id} est déjà accepté.`,
  motif: "Indiquez le motif de l'acceptation.",
  extension:
    'Le fichier de détail doit être un classeur Excel (.xlsx), un fichier CSV (.csv) ou une facture Factur-X (.pdf).',
  pdfSansFacturx:
    'Ce PDF ne contient pas de facture Factur-X : il faut le PDF dont le XML de la facture (EN 16931) est joint.',
  facturxIllisible: (raison: string) => `La facture Factur-X jointe au PDF est illisible : ${raison}`,
  facturxPeriode: (ligne: number) =>
    `Ligne ${ligne} de la facture Factur-X : sans période de facturation, la date de la nuit est inconnue.`,
  facturxQuantite: (ligne: number, quantite: string, nuits: number) =>
    `Ligne ${ligne} de la facture Factur-X : la quantité ${quantite} ne correspond pas aux ${nuits} nuits de sa période.`,
  fichierVide: 'Le fichier est vide.',
  fichierTropGros: `Le fichier dépasse ${DETAIL_MAX_OCTETS / 1024 / 1024} Mo.`,
  fichierIllisible: (format: string) => `Le fichier n'est pas un ${format} lisible.`,
  archiveTropGrosse: `Le classeur Excel décompressé dépasse ${DETAIL_MAX_OCTETS_DECOMPRESSES / 1024 / 1024} Mo : il n'est pas lu. Enregistrez le détail seul dans un nouveau classeur, ou en CSV.`,
  archiveTropDEntrees: `Le classeur Excel contient plus de ${DETAIL_MAX_ENTREES_ARCHIVE} éléments : il n'est pas lu. Enregistrez le détail seul dans un nouveau classeur, ou en CSV.`,
  base64: 'Le contenu du fichier doit être encodé en base64.',
  tropDeLignes: `Le détail dépasse ${DETAIL_MAX_LIGNES} lignes.`,
  aucuneLigne: "Le fichier ne contient aucune ligne de détail sous la ligne d'en-tête.",
  colonneManquante: (key: ColonneDetail) => `La colonne ${colonne(key)} est absente de la ligne d'en-tête.`,
  colonneDate: `Le fichier doit avoir la colonne ${colonne('dateNuit')}, ou les colonnes ${colonne('arrivee')} et ${colonne('depart')}.`,
  colonneQui: `Le fichier doit avoir la colonne ${colonne('pensionnaire')} ou la colonne ${colonne('reference')}.`,
  valeurManquante: (ligne: number, key: ColonneDetail) => `${at(ligne, key)} : valeur manquante.`,
  date: (ligne: number, key: ColonneDetail, value: string) =>
    `${at(ligne, key)} : « ${value} » n'est pas une date (JJ/MM/AAAA).`,
  montant: (ligne: number, key: ColonneDetail, value: string) =>
    `${at(ligne, key)} : « ${value} » n'est pas un montant positif à deux décimales au plus.`,
  taux: (ligne: number, value: string) =>
    `${at(ligne, 'tauxTva')} : « ${value} » n'est pas un taux de TVA entre 0 et 100 (par exemple 10 ou 5,5).`,
  entier: (ligne: number, key: ColonneDetail, value: string) =>
    `${at(ligne, key)} : « ${value} » n'est pas un nombre entier positif.`,
  prestation: (ligne: number, value: string) =>
    `${at(ligne, 'prestation')} : « ${value} » n'est pas une prestation connue (Nuitée, Petit-déjeuner, Déjeuner, Dîner).`,
  sejour: (ligne: number, arrivee: string, depart: string) =>
    `${at(ligne, 'depart')} : le départ (${frenchDate(depart)}) doit suivre l'arrivée (${frenchDate(arrivee)}) de 366 nuits au plus.`,
  sejourRepas: (ligne: number) =>
    `${at(ligne, 'dateNuit')} : un repas se facture à une date, pas sur une période d'arrivée et de départ.`,
  accepte: (count: number) => (count > 1 ? `${count} écarts acceptés.` : 'Écart accepté.'),
  enregistree: 'Facture établissement enregistrée.',
  detailCharge: (lignes: number) => `Détail chargé : ${lignes} ligne${lignes > 1 ? 's' : ''}.`,
  rapprochee: 'Facture rapprochée : aucun écart.',
  ecarts: (count: number) => `${count} écart${count > 1 ? 's' : ''} à examiner.`,
  /** A hotel invoice's half-open period [debut, fin) as its paper reads it: « du 01/10/2026 au 31/10/2026 ». */
  periodeTexte: (debut: string, fin: string) => `du ${frenchDate(debut)} au ${frenchDate(addDays(fin, -1))}`,
} as const;
