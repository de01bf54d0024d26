import { Type, type Static, type TSchema } from 'typebox';
import { ENVOI_ISSUES } from './enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import { FACTURATION_COMPTEURS_PATH } from './facturation-paths';
import { FACTURE_STATUTS, FACTURE_TYPES, LIGNE_NATURES, MOYENS_PAIEMENT } from './facturation-values';
import type { FactureDocument } from './facture-document';

/**
 * Client invoices and credit notes (issue 39 §1; docs/invoicing.md « Client invoices », docs/api.md
 * « Facturation »). camelCase; money as decimal strings with two places ('1234.50'), days 'YYYY-MM-DD'.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Day = Type.String({ format: 'date' });
const Money = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$' });
/** A positive amount typed by a user: '120', '120.5', '120.50'. */
const AmountInput = Type.String({ pattern: '^[0-9]{1,10}(\\.[0-9]{1,2})?$' });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

export const FACTURATION_PATHS = {
  parametres: '/facturation/parametres',
  clients: '/facturation/clients',
  factures: '/facturation/factures',
  paiements: '/facturation/paiements',
  preparation: '/facturation/preparation',
  /** GET: the dashboard's invoicing counters. */
  compteurs: FACTURATION_COMPTEURS_PATH,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Seller settings (one row, administrators) and a client's billing details

const parametresFields = {
  raisonSociale: Nullable(Type.String({ maxLength: 200 })),
  formeJuridique: Nullable(Type.String({ maxLength: 200 })),
  adresseLigne1: Nullable(Type.String({ maxLength: 200 })),
  adresseLigne2: Nullable(Type.String({ maxLength: 200 })),
  codePostal: Nullable(Type.String({ pattern: '^[0-9]{5}$' })),
  ville: Nullable(Type.String({ maxLength: 100 })),
  pays: Type.String({ pattern: '^[A-Z]{2}$' }),
  siren: Nullable(Type.String({ pattern: '^[0-9]{9}$' })),
  siret: Nullable(Type.String({ pattern: '^[0-9]{14}$' })),
  numeroTva: Nullable(Type.String({ pattern: '^[A-Z]{2}[0-9A-Z]{2,13}$' })),
  email: Nullable(Type.String({ format: 'email', maxLength: 200 })),
  telephone: Nullable(Type.String({ maxLength: 30 })),
  iban: Nullable(Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[0-9A-Z]{10,30}$' })),
  bic: Nullable(Type.String({ pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$' })),
  delaiPaiementJours: Type.Integer({ minimum: 0, maximum: 60 }),
  tauxPenalites: Nullable(Type.String({ pattern: '^[0-9]{1,2}(\\.[0-9]{1,2})?$' })),
  indemniteRecouvrement: AmountInput,
  mentionExoneration: Nullable(Type.String({ maxLength: 300 })),
};

/** PUT /facturation/parametres: the whole settings (full replacement). */
export const FacturationParametresBody = object(parametresFields);
export type FacturationParametresBody = Static<typeof FacturationParametresBody>;

export const FacturationParametres = object({
  ...parametresFields,
  indemniteRecouvrement: Money,
  tauxPenalites: Nullable(Money),
  /** The mandatory fields still empty (their French names): an issue answers 409 while any is. */
  manquants: Type.Array(Type.String()),
});
export type FacturationParametres = Static<typeof FacturationParametres>;

export const FacturationParametresWritten = object({ message: Type.String(), data: FacturationParametres });
export type FacturationParametresWritten = Static<typeof FacturationParametresWritten>;

const clientFacturationFields = {
  emailFacturation: Nullable(Type.String({ format: 'email', maxLength: 200 })),
  numeroTva: Nullable(Type.String({ pattern: '^[A-Z]{2}[0-9A-Z]{2,13}$' })),
  /** A billing address replaces the client's as a whole: the three fields together, or none. */
  adresseLigne1: Nullable(Type.String({ minLength: 1, maxLength: 200 })),
  adresseLigne2: Nullable(Type.String({ maxLength: 200 })),
  codePostal: Nullable(Type.String({ pattern: '^[0-9]{5}$' })),
  ville: Nullable(Type.String({ minLength: 1, maxLength: 100 })),
};

export const ClientFacturationBody = object(clientFacturationFields);
export type ClientFacturationBody = Static<typeof ClientFacturationBody>;

export const ClientFacturation = object({
  clientId: Type.Integer(),
  clientNom: Type.String(),
  ...clientFacturationFields,
  /** What an invoice uses: the billing fields, else the client's own. */
  emailEffectif: Nullable(Type.String()),
});
export type ClientFacturation = Static<typeof ClientFacturation>;

export const ClientFacturationWritten = object({ message: Type.String(), data: ClientFacturation });
export type ClientFacturationWritten = Static<typeof ClientFacturationWritten>;

export const ClientIdParams = object({ clientId: Id });
export type ClientIdParams = Static<typeof ClientIdParams>;

// ---------------------------------------------------------------------------------------------------------
// Invoices and credit notes

export const FACTURE_SORTS = [
  'createdAt',
  'dateEmission',
  'dateEcheance',
  'numero',
  'client',
  'totalTtc',
] as const;

/**
 * `GET /facturation/factures?page&pageSize&sort&order&type&statut&clientId&enRetard&periodeDebut&periodeFin&numero`.
 * The period filter keeps the documents whose service period overlaps it.
 */
export const FactureQuery = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  sort: Type.Optional(Type.Enum(FACTURE_SORTS)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  type: Type.Optional(Type.Enum(FACTURE_TYPES)),
  statut: Type.Optional(Type.Enum(FACTURE_STATUTS)),
  clientId: Type.Optional(Id),
  enRetard: Type.Optional(Type.Boolean()),
  periodeDebut: Type.Optional(Day),
  periodeFin: Type.Optional(Day),
  numero: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
});
export type FactureQuery = Static<typeof FactureQuery>;

/**
 * GET /facturation/compteurs: the dashboard's counters, each the `total` of the list its badge opens —
 * `facturesEnRetard` = GET /facturation/factures?enRetard=true, `facturesEtablissementsEcart` =
 * GET /factures-etablissements?etat=ecart — counted in one request, without reading a row.
 */
export const FacturationCompteurs = object({
  facturesEnRetard: Type.Integer({ minimum: 0 }),
  facturesEtablissementsEcart: Type.Integer({ minimum: 0 }),
});
export type FacturationCompteurs = Static<typeof FacturationCompteurs>;

export const FactureItem = object({
  id: Type.Integer(),
  type: Type.Enum(FACTURE_TYPES),
  statut: Type.Enum(FACTURE_STATUTS),
  statutLibelle: Type.String(),
  /** Computed when read: due date passed and something left to pay. */
  enRetard: Type.Boolean(),
  numero: Nullable(Type.String()),
  clientId: Type.Integer(),
  clientNom: Type.String(),
  periodeDebut: Type.String(),
  periodeFin: Type.String(),
  dateEmission: Nullable(Type.String()),
  dateEcheance: Nullable(Type.String()),
  totalHt: Money,
  totalTva: Money,
  totalTtc: Money,
  /** Invoices: payments not cancelled, and the TTC of their credit notes. */
  montantPaye: Money,
  montantCredite: Money,
  /** totalTtc − montantCredite − montantPaye (invoices; '0.00' for credit notes). */
  resteAPayer: Money,
  factureOrigineId: Nullable(Type.Integer()),
  factureOrigineNumero: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type FactureItem = Static<typeof FactureItem>;

export const FactureListAnswer = object({
  data: Type.Array(FactureItem),
  total: Type.Integer({ minimum: 0 }),
});
export type FactureListAnswer = Static<typeof FactureListAnswer>;

export const FactureLigne = object({
  numero: Type.Integer(),
  nature: Type.Enum(LIGNE_NATURES),
  libelle: Type.String(),
  etablissementId: Type.Integer(),
  typeChambreId: Nullable(Type.Integer()),
  quantite: Type.Integer(),
  prixUnitaireHt: Money,
  montantHt: Money,
  tauxTva: Type.String(),
});
export type FactureLigne = Static<typeof FactureLigne>;

export const FactureAnnexeSejour = object({
  reservationId: Type.Integer(),
  pensionnaire: Type.String(),
  etablissement: Type.String(),
  dateDebut: Type.String(),
  dateFin: Type.String(),
  nuits: Type.Integer(),
  montantHt: Money,
});
export type FactureAnnexeSejour = Static<typeof FactureAnnexeSejour>;

/** A night an invoice bills (a credit note: the nights it credits); `avoirId` once credited. */
export const FactureNuitee = object({
  nuiteeId: Type.Integer(),
  reservationId: Type.Integer(),
  dateNuit: Type.String(),
  montantHt: Money,
  avoirId: Nullable(Type.Integer()),
});
export type FactureNuitee = Static<typeof FactureNuitee>;

export const Paiement = object({
  id: Type.Integer(),
  factureId: Type.Integer(),
  datePaiement: Type.String(),
  montant: Money,
  moyen: Type.Enum(MOYENS_PAIEMENT),
  reference: Nullable(Type.String()),
  createdAt: Type.String(),
  annuleAt: Nullable(Type.String()),
  motifAnnulation: Nullable(Type.String()),
});
export type Paiement = Static<typeof Paiement>;

/**
 * The frozen FactureDocument (facture-document.ts) of an issued document, null for a draft. Described there; here an
 * open object so that the card carries it as written.
 */
const DocumentSchema = Type.Unsafe<FactureDocument>(
  Type.Object(
    {},
    { additionalProperties: true, description: 'FactureDocument (shared/src/contract/facture-document.ts)' },
  ),
);

export const FactureDetail = object({
  ...FactureItem.properties,
  referenceAcheteur: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  motif: Nullable(Type.String()),
  envoyeeAt: Nullable(Type.String()),
  lignes: Type.Array(FactureLigne),
  annexe: Type.Array(FactureAnnexeSejour),
  nuitees: Type.Array(FactureNuitee),
  paiements: Type.Array(Paiement),
  /** An invoice's credit notes. */
  avoirs: Type.Array(FactureItem),
  document: Nullable(DocumentSchema),
});
export type FactureDetail = Static<typeof FactureDetail>;

export const FactureWritten = object({ message: Type.String(), data: FactureDetail });
export type FactureWritten = Static<typeof FactureWritten>;

export const FactureIdParams = object({ id: Id });
export type FactureIdParams = Static<typeof FactureIdParams>;

/**
 * POST /facturation/factures: the draft of one client and period, from its nights not yet invoiced. `mois`
 * ('2026-11') is the calendar month (the default period); `periodeDebut` + `periodeFin` (both included) another one.
 */
export const FactureDraftBody = object({
  clientId: Id,
  mois: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })),
  periodeDebut: Type.Optional(Day),
  periodeFin: Type.Optional(Day),
});
export type FactureDraftBody = Static<typeof FactureDraftBody>;

/** PUT /facturation/factures/:id: what a draft lets edit. */
export const FactureDraftUpdateBody = object({
  dateEcheance: Nullable(Day),
  referenceAcheteur: OptionalText(100),
  notes: OptionalText(2000),
});
export type FactureDraftUpdateBody = Static<typeof FactureDraftUpdateBody>;

/**
 * POST /facturation/factures/:id/avoirs: a credit note for chosen lines (their nights) and nights, or, with
 * neither, for everything left to credit. A night is credited whole, with its meals: it becomes invoiceable again.
 */
export const AvoirBody = object({
  motif: Text(500),
  lignes: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 100_000 }), { maxItems: 1000, uniqueItems: true }),
  ),
  nuitees: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, uniqueItems: true })),
});
export type AvoirBody = Static<typeof AvoirBody>;

export const PaiementBody = object({
  datePaiement: Day,
  montant: AmountInput,
  moyen: Type.Enum(MOYENS_PAIEMENT),
  reference: OptionalText(100),
});
export type PaiementBody = Static<typeof PaiementBody>;

export const PaiementAnnulationBody = object({ motif: Text(500) });
export type PaiementAnnulationBody = Static<typeof PaiementAnnulationBody>;

/** POST /facturation/preparation: the drafts of a month for every client with nights not yet invoiced. */
export const PreparationBody = object({ mois: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }) });
export type PreparationBody = Static<typeof PreparationBody>;

export const PreparationAnswer = object({
  message: Type.String(),
  data: object({ factureIds: Type.Array(Type.Integer()), clientsSansNuitee: Type.Integer() }),
});
export type PreparationAnswer = Static<typeof PreparationAnswer>;

/** POST /facturation/factures/:id/envoi: as every sending call (`envoi`: envoye or conserve). */
export const FactureEnvoiAnswer = object({
  message: Type.String(),
  envoi: Type.Enum(ENVOI_ISSUES),
  courrielId: Type.Integer(),
  data: FactureDetail,
});
export type FactureEnvoiAnswer = Static<typeof FactureEnvoiAnswer>;

/**
 * GET /facturation/factures/:id/historique: the audit rows of an invoice or a credit note, oldest first — for an
 * invoice, its credit notes' rows too but their issue, which the invoice's own `avoir` row records. `libelle` from
 * FACTURE_HISTORIQUE_LABELS; the details each kind of row carries, null elsewhere: `numero` (the number issued, the
 * credit note's, or the other document a row is about), `montant` (a payment's, a credit note's TTC), `moyen` and
 * `reference` (a payment), `motif` (a payment's cancellation), `destinataire` (a sending).
 */
export const FactureHistoriqueEntry = object({
  id: Type.Integer(),
  /** The instant, ISO. */
  date: Type.String(),
  action: Type.String(),
  libelle: Type.String(),
  acteur: object({
    type: Type.Union([Type.Literal('user'), Type.Literal('system')]),
    id: Nullable(Type.Integer()),
    /** The user's name, or « Système » (the scheduler, a task without a requester). */
    nom: Type.String(),
  }),
  /** The document the row is about: this one, or one of an invoice's credit notes. */
  documentId: Type.Integer(),
  numero: Nullable(Type.String()),
  montant: Nullable(Money),
  moyen: Nullable(Type.Enum(MOYENS_PAIEMENT)),
  reference: Nullable(Type.String()),
  motif: Nullable(Type.String()),
  destinataire: Nullable(Type.String()),
});
export type FactureHistoriqueEntry = Static<typeof FactureHistoriqueEntry>;

export const FactureHistoriqueAnswer = object({ historique: Type.Array(FactureHistoriqueEntry) });
export type FactureHistoriqueAnswer = Static<typeof FactureHistoriqueAnswer>;
