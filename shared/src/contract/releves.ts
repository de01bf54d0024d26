import { Type, type Static, type TSchema } from 'typebox';
import { Day, Money } from './contrats';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import {
  DETAIL_MAX_OCTETS,
  ETATS_FACTURE_ETABLISSEMENT,
  PRESTATIONS,
  SOURCES_DETAIL,
  TYPES_ECART,
} from './releves-values';

export * from './releves-values';

/**
 * Issue 39 §2: the hotel statement of a month (relevé établissement: what the booking centre owes a hotel, from the
 * purchase prices of the booked nights) and the hotels' own invoices reconciled with the booked nights. camelCase
 * like the other management resources; money is a decimal string ('84.50'), VAT rates percent strings ('10.00');
 * periods are half-open (`periodeFin` = the day after the last night). See docs/api.md and docs/invoicing.md.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Count = Type.Integer({ minimum: 0 });
const Amount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
const Rate = Type.String({ pattern: '^\\d{1,3}\\.\\d{2}$' });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

export const RELEVES_PATHS = {
  /** GET: the statements of a month, one per hotel with nights (totals and the state of its invoices). */
  releves: '/releves',
  /** GET: the statement of one hotel and month, as JSON; /pdf and /xlsx: the same as a file. */
  releve: '/releves/:etablissementId/:mois',
  relevePdf: '/releves/:etablissementId/:mois/pdf',
  releveXlsx: '/releves/:etablissementId/:mois/xlsx',
  /** GET (list), POST (enter a hotel's invoice). */
  factures: '/factures-etablissements',
  /** GET: one invoice with its differences. */
  facture: '/factures-etablissements/:id',
  /** PUT: load (or replace) the invoice's detail from a file. */
  detail: '/factures-etablissements/:id/detail',
  /** POST: compare with the booked nights. */
  rapprochement: '/factures-etablissements/:id/rapprochement',
  /** POST: accept differences, with a reason (administrators). */
  acceptation: '/factures-etablissements/:id/ecarts/acceptation',
  /** GET: the difference report as a file. */
  ecartsPdf: '/factures-etablissements/:id/ecarts/pdf',
  ecartsXlsx: '/factures-etablissements/:id/ecarts/xlsx',
} as const;

export const PrestationSchema = Type.Enum(PRESTATIONS);
export const EtatFactureEtablissementSchema = Type.Enum(ETATS_FACTURE_ETABLISSEMENT);
export const TypeEcartSchema = Type.Enum(TYPES_ECART);
export const SourceDetailSchema = Type.Enum(SOURCES_DETAIL);

// ---------------------------------------------------------------------------------------------------------
// Statement
// ---------------------------------------------------------------------------------------------------------

export const ReleveParams = object({
  etablissementId: Id,
  /** 'YYYY-MM' */
  mois: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
});
export type ReleveParams = Static<typeof ReleveParams>;

const Mois = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

export const ReleveQuery = object({
  mois: Mois,
  etablissementId: Type.Optional(Id),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type ReleveQuery = Static<typeof ReleveQuery>;

/** One hotel's statement of the month in a list: its totals and where its invoices for the month stand. */
export const ReleveResume = object({
  etablissementId: Id,
  etablissementNom: Type.String(),
  nuitees: Count,
  totalHt: Amount,
  totalTva: Amount,
  totalTtc: Amount,
  /** The hotel's invoices whose period has a night in the month. */
  factures: Count,
  /** The least advanced of their states (écart, then à rapprocher, then rapprochée); null without an invoice. */
  etatFactures: Nullable(EtatFactureEtablissementSchema),
});
export type ReleveResume = Static<typeof ReleveResume>;

export const RelevePage = object({ data: Type.Array(ReleveResume), total: Count });
export type RelevePage = Static<typeof RelevePage>;

/** hotel × room type (or meal) × unit price × VAT rate; quantity = nights (or meals). */
export const ReleveLigne = object({
  numero: Type.Integer({ minimum: 1 }),
  prestation: PrestationSchema,
  /** « Nuitée Chambre double » or « Petit-déjeuner ». */
  libelle: Type.String(),
  typeChambre: Nullable(Type.String()),
  quantite: Count,
  prixUnitaireHt: Amount,
  tauxTva: Rate,
  montantHt: Amount,
});
export type ReleveLigne = Static<typeof ReleveLigne>;

export const ReleveTva = object({ tauxTva: Rate, baseHt: Amount, montantTva: Amount });
export type ReleveTva = Static<typeof ReleveTva>;

/** One stay of the annex: its nights of the month and their amount HT (nights and meals). */
export const ReleveSejour = object({
  reservationId: Id,
  pensionnaire: Type.String(),
  typeChambre: Type.String(),
  /** First night and the day after the last night of the month. */
  dateDebut: Day,
  dateFin: Day,
  nuits: Count,
  montantHt: Amount,
});
export type ReleveSejour = Static<typeof ReleveSejour>;

export const ReleveTotaux = object({
  nuitees: Count,
  totalHt: Amount,
  totalTva: Amount,
  totalTtc: Amount,
});
export type ReleveTotaux = Static<typeof ReleveTotaux>;

export const ReleveEtablissement = object({
  etablissement: object({ id: Id, nom: Type.String() }),
  mois: Type.String(),
  periode: object({ debut: Day, fin: Day }),
  lignes: Type.Array(ReleveLigne),
  tva: Type.Array(ReleveTva),
  totaux: ReleveTotaux,
  annexe: Type.Array(ReleveSejour),
});
export type ReleveEtablissement = Static<typeof ReleveEtablissement>;

// ---------------------------------------------------------------------------------------------------------
// Hotel invoices
// ---------------------------------------------------------------------------------------------------------

export const FactureEtablissementBody = object({
  etablissementId: Id,
  numero: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
  dateFacture: Day,
  periodeDebut: Day,
  /** The day after the last night billed. */
  periodeFin: Day,
  totalHt: Money,
  totalTva: Money,
  totalTtc: Money,
});
export type FactureEtablissementBody = Static<typeof FactureEtablissementBody>;

export const FactureEtablissementQuery = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  etablissementId: Type.Optional(Id),
  etat: Type.Optional(EtatFactureEtablissementSchema),
  /** Substring of the invoice number. */
  numero: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  /** Invoices whose period has a day in this month ('YYYY-MM'). */
  mois: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
});
export type FactureEtablissementQuery = Static<typeof FactureEtablissementQuery>;

export const FactureEtablissement = object({
  id: Id,
  etablissementId: Id,
  etablissementNom: Type.String(),
  numero: Type.String(),
  dateFacture: Day,
  periodeDebut: Day,
  periodeFin: Day,
  totalHt: Amount,
  totalTva: Amount,
  totalTtc: Amount,
  etat: EtatFactureEtablissementSchema,
  sourceDetail: Nullable(SourceDetailSchema),
  nomFichier: Nullable(Type.String()),
  lignesDetail: Count,
  nombreEcarts: Count,
  /** Differences not yet accepted. */
  ecartsOuverts: Count,
  /** Compare-and-swap: every write sends the version it read; a stale one → 409. */
  version: Type.Integer({ minimum: 1 }),
  rapprocheeLe: Nullable(Type.String()),
  creeLe: Type.String(),
});
export type FactureEtablissement = Static<typeof FactureEtablissement>;

export const FactureEtablissementPage = object({ data: Type.Array(FactureEtablissement), total: Count });
export type FactureEtablissementPage = Static<typeof FactureEtablissementPage>;

export const Ecart = object({
  id: Id,
  type: TypeEcartSchema,
  reservationId: Nullable(Id),
  pensionnaire: Nullable(Type.String()),
  dateNuit: Nullable(Day),
  prestation: Nullable(PrestationSchema),
  /** The row of the detail file the difference comes from, when it has one. */
  ligneDetail: Nullable(Type.Integer({ minimum: 1 })),
  /** facturee_en_double across invoices: the number of the hotel's other invoice that bills the same night. */
  autreFacture: Nullable(Type.String()),
  /** HT billed and HT booked (VAT amounts for ecart_total_tva, TTC for ecart_total_ttc). */
  montantFacture: Amount,
  montantReserve: Amount,
  /** montantFacture − montantReserve */
  difference: Amount,
  tauxFacture: Nullable(Rate),
  tauxReserve: Nullable(Rate),
  accepte: Type.Boolean(),
  motif: Nullable(Type.String()),
  acceptePar: Nullable(Type.String()),
  accepteLe: Nullable(Type.String()),
});
export type Ecart = Static<typeof Ecart>;

export const FactureEtablissementDetail = object({
  ...FactureEtablissement.properties,
  ecarts: Type.Array(Ecart),
  /** Sums of the per-night HT differences (VAT rate differences aside): what the hotel bills more (positive) or less than booked. */
  totauxEcarts: object({ montantFacture: Amount, montantReserve: Amount, difference: Amount }),
});
export type FactureEtablissementDetail = Static<typeof FactureEtablissementDetail>;

export const FactureEtablissementWritten = object({
  message: Type.String(),
  data: FactureEtablissementDetail,
});
export type FactureEtablissementWritten = Static<typeof FactureEtablissementWritten>;

export const FactureEtablissementParams = object({ id: Id });

const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A detail file, base64-encoded: .xlsx or .csv (UTF-8, « ; » or « , » separated). */
export const DetailBody = object({
  version: Version,
  /** Its name: « .xlsx » or « .csv » tells how it is read. */
  nomFichier: Type.String({ minLength: 1, maxLength: 200 }),
  contenu: Type.String({ minLength: 1, maxLength: Math.ceil(DETAIL_MAX_OCTETS / 3) * 4 + 4 }),
});
export type DetailBody = Static<typeof DetailBody>;

export const RapprochementBody = object({ version: Version });
export type RapprochementBody = Static<typeof RapprochementBody>;

export const AcceptationBody = object({
  version: Version,
  /** The differences accepted; omitted: every one still open. */
  ecartIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 5_000, uniqueItems: true })),
  motif: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
});
export type AcceptationBody = Static<typeof AcceptationBody>;
