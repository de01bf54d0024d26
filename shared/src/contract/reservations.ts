import { Type, type Static, type TSchema } from 'typebox';
import { Day } from './contrats';
import { ETATS_PAIEMENT, PRESENCES, RESERVATION_STATUTS, TYPES_LIBERATION, TYPES_RESA } from './enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import {
  ETATS_FILTRE,
  EXPORT_ID_PATTERN,
  JOURS_FILTRE,
  type DASHBOARD_RESERVATION_FILTERS,
} from './reservation-values';

export {
  DASHBOARD_RESERVATION_FILTERS,
  ETAT_PAIEMENT_LABELS,
  ETATS_FILTRE,
  EXPORT_ID_HEADER,
  EXPORT_ID_PATTERN,
  EXPORT_PROGRESS_PATH,
  EXPORT_TOTAL_HEADER,
  FLUX_PAIEMENT,
  FLUX_PAIEMENT_LABELS,
  JOURS_FILTRE,
  JOURS_FILTRE_LABELS,
  MAX_EXPORT_ROWS,
  MOTIF_ANNULATION_REQUIS,
  MOTIF_RETABLISSEMENT_REQUIS,
  PRESENCE_LABELS,
  RESERVATION_EXPORTS,
  RESERVATION_STATUT_LABELS,
  RESERVATIONS_PATHS,
  TYPE_LIBERATION_LABELS,
  TYPE_RESA_LABELS,
} from './reservation-values';
export type { FluxPaiement, JoursFiltre, ReservationExportKey } from './reservation-values';

/**
 * Reservations (spec §7 Reservations and Exports). The spec's calls keep its snake_case names (`id_reservation_mere`,
 * `end_date`, `applyToAllPr`, `status_paf`, `etat_payment_caf`, `type_resa`, `jours`, `etat`…), so every reservation
 * body and answer is snake_case. Periods are half-open: `date_fin` / `end_date` is the departure day.
 * Money is a decimal string ('84.50'). See docs/api.md and docs/domain.md.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/**
 * The version of a stay as the client read it (its optimistic lock): a stay changed meanwhile answers 409. Bounded
 * as the database's integer column: a larger number would fail there instead (« hors limites »).
 */
export const StayVersion = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

import {
  MAX_MOTIF_ANNULATION,
  MAX_PENSIONNAIRES_PAR_RESERVATION,
  MAX_PROLONGATIONS_MULTIPLES,
} from './reservation-values';

export { MAX_MOTIF_ANNULATION, MAX_PENSIONNAIRES_PAR_RESERVATION, MAX_PROLONGATIONS_MULTIPLES };

export const ReservationStatutSchema = Type.Enum(RESERVATION_STATUTS);
export const TypeResaSchema = Type.Enum(TYPES_RESA);
export const TypeLiberationSchema = Type.Enum(TYPES_LIBERATION);
export const EtatPaiementSchema = Type.Enum(ETATS_PAIEMENT);
export const PresenceSchema = Type.Enum(PRESENCES);

// ---------------------------------------------------------------------------------------------------------
// Filters (POST /reservations, /reservationsNumber, exports, pax)
// ---------------------------------------------------------------------------------------------------------

/** Substring column searches of the list screen, case and accents aside. */
export const RESERVATION_SEARCHABLE = [
  'pensionnaire',
  'numero_dossier',
  'client',
  'etablissement',
  'chambre',
] as const;
export const RESERVATION_SORTABLE = [
  'id',
  'date_debut',
  'date_fin',
  'pensionnaire',
  'client',
  'etablissement',
  'statut',
  'created_at',
] as const;

const SearchText = Type.String({ minLength: 1, maxLength: 100 });

export const reservationFilterFields = {
  /** `prolongable`: confirmed or running, ending within the contracts' alert delay, not yet extended. */
  etat: Type.Optional(Type.Enum(ETATS_FILTRE)),
  /**
   * `a_prolonger`: departure today or tomorrow; `commence_h`: arrived yesterday, first night still to check
   * (neither present nor absent yet).
   */
  jours: Type.Optional(Type.Enum(JOURS_FILTRE)),
  status_paf: Type.Optional(Type.Boolean()),
  status_caf: Type.Optional(Type.Boolean()),
  etat_payment_paf: Type.Optional(EtatPaiementSchema),
  etat_payment_caf: Type.Optional(EtatPaiementSchema),
  type_resa: Type.Optional(TypeResaSchema),
  /** One status, or several. */
  statut: Type.Optional(
    Type.Union([
      ReservationStatutSchema,
      Type.Array(ReservationStatutSchema, { minItems: 1, maxItems: RESERVATION_STATUTS.length }),
    ]),
  ),
  apec: Type.Optional(Type.Boolean()),
  client_id: Type.Optional(Id),
  etablissement_id: Type.Optional(Id),
  pensionnaire_id: Type.Optional(Id),
  type_chambre_id: Type.Optional(Id),
  id_reservation_mere: Type.Optional(Id),
  /** Stays overlapping [start_date, end_date): at least one night in the period. Either bound alone works. */
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  pensionnaire: Type.Optional(SearchText),
  numero_dossier: Type.Optional(SearchText),
  client: Type.Optional(SearchText),
  etablissement: Type.Optional(SearchText),
  chambre: Type.Optional(SearchText),
};

export const ReservationFilters = object(reservationFilterFields);
export type ReservationFilters = Static<typeof ReservationFilters>;

const sortFields = {
  sort: Type.Optional(Type.Enum(RESERVATION_SORTABLE)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};
const pageFields = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
};

/** POST /reservations: filters plus page, pageSize (spec §7). Default order: date_debut desc, id desc. */
export const ReservationListBody = object({ ...pageFields, ...sortFields, ...reservationFilterFields });
export type ReservationListBody = Static<typeof ReservationListBody>;
/** Exports: the list's body; page and pageSize are accepted and ignored (every matching row is exported). */
export const ReservationExportBody = object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  ...sortFields,
  ...reservationFilterFields,
});
export type ReservationExportBody = Static<typeof ReservationExportBody>;

/**
 * GET /reservations/export_progress/:id (EXPORT_ID_HEADER): the rows of a streamed export written so far; 204 (no
 * body) while the server knows no such export of the user (not started yet, already sent, or on another API node).
 */
export const ExportProgressParams = object({ id: Type.String({ pattern: EXPORT_ID_PATTERN }) });
export type ExportProgressParams = Static<typeof ExportProgressParams>;
export const ExportProgressAnswer = object({
  /** Rows rendered into the file so far. */
  ecrites: Type.Integer({ minimum: 0 }),
  /** Rows the file holds (counted before the first byte). */
  total: Type.Integer({ minimum: 0 }),
});
export type ExportProgressAnswer = Static<typeof ExportProgressAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

/**
 * A row of the stay and rooming lists: who, where, when, in which state. Their answers are written from
 * PostgreSQL's JSON text in this order, so it is the order of the SQL select too.
 */
export const sejourRowFields = {
  id: Type.Integer(),
  id_reservation_mere: Type.Integer(),
  type_resa: TypeResaSchema,
  statut: ReservationStatutSchema,
  pensionnaire_id: Type.Integer(),
  pensionnaire_nom: Type.String(),
  pensionnaire_prenom: Type.String(),
  numero_dossier: Type.String(),
  client_id: Type.Integer(),
  client_nom: Type.String(),
  etablissement_id: Type.Integer(),
  etablissement_nom: Type.String(),
  etablissement_ville: Type.String(),
  type_chambre_id: Type.Integer(),
  type_chambre_libelle: Type.String(),
  chambre: Nullable(Type.String()),
  date_debut: Type.String(),
  date_fin: Type.String(),
};

const pickFields = <P extends Record<string, TSchema>, K extends keyof P>(fields: P, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, fields[key]])) as Pick<P, K>;

/** What every list of stays shows of one, a request's and a household's stays included. */
export const sejourResumeFields = pickFields(sejourRowFields, [
  'id',
  'id_reservation_mere',
  'type_resa',
  'statut',
  'pensionnaire_id',
  'pensionnaire_nom',
  'pensionnaire_prenom',
  'etablissement_id',
  'etablissement_nom',
  'type_chambre_libelle',
  'date_debut',
  'date_fin',
]);

/** One stay as lists show it. */
export const ReservationItem = object({
  // The extension links sit after the stay's kind; spreading the row again keeps each key's first place.
  ...pickFields(sejourRowFields, ['id', 'id_reservation_mere', 'type_resa']),
  prolongation_de_id: Nullable(Type.Integer()),
  /** Id of the non-cancelled extension of this stay, if any. */
  prolongee_par_id: Nullable(Type.Integer()),
  ...sejourRowFields,
  nombre_nuits: Type.Integer(),
  petit_dejeuner: Type.Boolean(),
  dejeuner: Type.Boolean(),
  diner: Type.Boolean(),
  status_paf: Type.Boolean(),
  status_caf: Type.Boolean(),
  etat_payment_paf: EtatPaiementSchema,
  etat_payment_caf: EtatPaiementSchema,
  apec: Type.Boolean(),
  /** Meets `etat = prolongable` today. */
  prolongable: Type.Boolean(),
  version: Type.Integer(),
  created_at: Type.String(),
});
export type ReservationItem = Static<typeof ReservationItem>;

export const ReservationListAnswer = object({
  reservations: Type.Array(ReservationItem),
  total: Type.Integer({ minimum: 0 }),
});
export type ReservationListAnswer = Static<typeof ReservationListAnswer>;
export const ReservationCountAnswer = object({ total: Type.Integer({ minimum: 0 }) });
export type ReservationCountAnswer = Static<typeof ReservationCountAnswer>;

/** HT / TVA / TTC of a set of nights (VAT per rate, rounded per rate: docs/domain.md "Computations"). */
export const Montants = object({ ht: Type.String(), tva: Type.String(), ttc: Type.String() });
export type Montants = Static<typeof Montants>;

export const ReservationTotaux = object({
  /** Non-cancelled nights. */
  nuitees: Type.Integer(),
  nuitees_annulees: Type.Integer(),
  vente: Montants,
  achat: Montants,
  /** Sale HT − purchase HT. */
  marge_ht: Type.String(),
  montant_paf: Type.String(),
  montant_caf: Type.String(),
  petit_dejeuner: Type.Integer(),
  dejeuner: Type.Integer(),
  diner: Type.Integer(),
});
export type ReservationTotaux = Static<typeof ReservationTotaux>;

export const Nuitee = object({
  id: Type.Integer(),
  date_nuit: Type.String(),
  prix_achat_ht: Type.String(),
  prix_vente_ht: Type.String(),
  taux_tva_nuitee: Type.String(),
  taux_tva_repas: Type.String(),
  prix_petit_dejeuner_ht: Type.String(),
  prix_dejeuner_ht: Type.String(),
  prix_diner_ht: Type.String(),
  petit_dejeuner: Type.Integer(),
  dejeuner: Type.Integer(),
  diner: Type.Integer(),
  presence: PresenceSchema,
  etat_paf: EtatPaiementSchema,
  etat_caf: EtatPaiementSchema,
  montant_paf: Type.String(),
  montant_caf: Type.String(),
  annulee: Type.Boolean(),
});
export type Nuitee = Static<typeof Nuitee>;

/** What the user may do with a stay now (the API enforces the same rules and answers 409 otherwise). */
export const ReservationActions = object({
  confirmer: Type.Boolean(),
  annuler: Type.Boolean(),
  prolonger: Type.Boolean(),
  modifier: Type.Boolean(),
  pointer: Type.Boolean(),
  /** PUT /reservations/retablissement/:id is accepted now (its window; `retablissement` says what it undoes). */
  retablir: Type.Boolean(),
});
export type ReservationActions = Static<typeof ReservationActions>;

/**
 * What « Rétablir » would undo on a stay, while it may (docs/domain.md « Restoring a stay »): the cancellation,
 * early departure or no-show, when it was done and until when it can be undone, and what the stay gets back.
 */
export const Retablissement = object({
  reservation_id: Type.Integer(),
  type: TypeLiberationSchema,
  /** When it was done (ISO timestamp). */
  le: Type.String(),
  /** The last day it may be undone (YYYY-MM-DD). */
  jusqu_au: Type.String(),
  /** The status and the departure the stay gets back. */
  statut: ReservationStatutSchema,
  date_fin: Type.String(),
  /** The nights booked again, this stay's and those of its later extensions cancelled with it. */
  nuits: Type.Integer({ minimum: 0 }),
  /** The first of them (null when none: nothing was left to release). */
  premiere_nuit: Nullable(Type.String()),
  /** The stays restored together: this one, then its later extensions cancelled by the same action. */
  reservation_ids: Type.Array(Type.Integer()),
});
export type Retablissement = Static<typeof Retablissement>;

const ContratRef = object({ id: Type.Integer(), reference: Type.String() });

/** GET /reservations/:id → { data } */
export const ReservationDetail = object({
  ...ReservationItem.properties,
  contrat_client: ContratRef,
  contrat_etablissement: ContratRef,
  type_chambre_capacite: Type.Integer(),
  demande_id: Nullable(Type.Integer()),
  annulee_at: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
  updated_at: Type.String(),
  /** The chain of stays this one belongs to (initial stay, then its extensions), in date order. */
  chaine: Type.Array(
    object({
      id: Type.Integer(),
      type_resa: TypeResaSchema,
      statut: ReservationStatutSchema,
      date_debut: Type.String(),
      date_fin: Type.String(),
    }),
  ),
  nuitees: Type.Array(Nuitee),
  totaux: ReservationTotaux,
  actions: ReservationActions,
  /** What « Rétablir » would undo, while `actions.retablir`; else null. */
  retablissement: Nullable(Retablissement),
});
export type ReservationDetail = Static<typeof ReservationDetail>;
export const ReservationDetailAnswer = object({ data: ReservationDetail });
export type ReservationDetailAnswer = Static<typeof ReservationDetailAnswer>;

/** A full reservation (parent): one client, one hotel, one pair of contracts, its stays. */
export const ReservationIntegraleItem = object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  client_nom: Type.String(),
  etablissement_id: Type.Integer(),
  etablissement_nom: Type.String(),
  etablissement_ville: Type.String(),
  contrat_client: ContratRef,
  contrat_etablissement: ContratRef,
  date_debut: Type.String(),
  date_fin: Type.String(),
  demande_id: Nullable(Type.Integer()),
  /** Stays of the parent, extensions included, cancelled included. */
  nombre_reservations: Type.Integer(),
  nombre_pensionnaires: Type.Integer(),
  /** Stays per status. */
  statuts: Type.Record(Type.String(), Type.Integer()),
  created_at: Type.String(),
});
export type ReservationIntegraleItem = Static<typeof ReservationIntegraleItem>;

export const RESERVATION_INTEGRALE_SEARCHABLE = ['client', 'etablissement', 'pensionnaire'] as const;
/** POST /reservations_integrales: a page of parents. Default order: date_debut desc, id desc. */
export const ReservationIntegraleListBody = object({
  ...pageFields,
  sort: Type.Optional(Type.Enum(['id', 'date_debut', 'date_fin', 'client', 'etablissement', 'created_at'])),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  client_id: Type.Optional(Id),
  etablissement_id: Type.Optional(Id),
  /** Parents with at least one stay in this status. */
  statut: Type.Optional(ReservationStatutSchema),
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  client: Type.Optional(SearchText),
  etablissement: Type.Optional(SearchText),
  /** Parents with a resident whose name or file number contains this. */
  pensionnaire: Type.Optional(SearchText),
});
export type ReservationIntegraleListBody = Static<typeof ReservationIntegraleListBody>;
export const ReservationIntegraleListAnswer = object({
  reservations_integrales: Type.Array(ReservationIntegraleItem),
  total: Type.Integer({ minimum: 0 }),
});
export type ReservationIntegraleListAnswer = Static<typeof ReservationIntegraleListAnswer>;

/** GET /reservations_integrales/:id → { data }: the parent, its stays and totals. */
export const ReservationIntegraleDetail = object({
  ...ReservationIntegraleItem.properties,
  reservations: Type.Array(ReservationItem),
  totaux: ReservationTotaux,
  actions: object({
    confirmer: Type.Boolean(),
    annuler: Type.Boolean(),
    prolonger: Type.Boolean(),
    /** POST /reservations/edit is accepted: false once every stay is cancelled (409). */
    ajouter: Type.Boolean(),
  }),
  /** The stays « Rétablir » may restore now, each with what it would undo. */
  retablissements: Type.Array(Retablissement),
});
export type ReservationIntegraleDetail = Static<typeof ReservationIntegraleDetail>;
export const ReservationIntegraleAnswer = object({ data: ReservationIntegraleDetail });
export type ReservationIntegraleAnswer = Static<typeof ReservationIntegraleAnswer>;

/** GET /reservations_integrales/recap/:id → { reservations }: one row per resident, the chain summed. */
export const RecapPensionnaire = object({
  pensionnaire_id: Type.Integer(),
  pensionnaire_nom: Type.String(),
  pensionnaire_prenom: Type.String(),
  numero_dossier: Type.String(),
  /** First arrival and last departure over the resident's non-cancelled stays of the parent. */
  date_debut: Type.String(),
  date_fin: Type.String(),
  reservation_ids: Type.Array(Type.Integer()),
  /** The stay to extend (the last of the chain, not cancelled), if any. */
  derniere_reservation_id: Nullable(Type.Integer()),
  statut: ReservationStatutSchema,
  totaux: ReservationTotaux,
});
export type RecapPensionnaire = Static<typeof RecapPensionnaire>;
export const RecapAnswer = object({ reservations: Type.Array(RecapPensionnaire) });
export type RecapAnswer = Static<typeof RecapAnswer>;

/** GET /reservations/historiques/:id → { historiques }, newest first. */
export const HistoriqueEntry = object({
  id: Type.Integer(),
  date: Type.String(),
  /** 'reservation', 'reservation_mere', 'nuitee'… */
  entite: Type.String(),
  entite_id: Type.String(),
  action: Type.String(),
  /** French label of the action ('Création', 'Confirmation', 'Annulation', 'Prolongation'…). */
  libelle: Type.String(),
  acteur: object({
    type: Type.Union([Type.Literal('user'), Type.Literal('system')]),
    id: Nullable(Type.Integer()),
    /** The user's name, or 'Système'. */
    nom: Type.String(),
  }),
  changements: Type.Array(object({ champ: Type.String(), avant: Type.Unknown(), apres: Type.Unknown() })),
});
export type HistoriqueEntry = Static<typeof HistoriqueEntry>;
export const HistoriquesAnswer = object({ historiques: Type.Array(HistoriqueEntry) });
export type HistoriquesAnswer = Static<typeof HistoriquesAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------

const mealFields = {
  petit_dejeuner: Type.Optional(Type.Boolean()),
  dejeuner: Type.Optional(Type.Boolean()),
  diner: Type.Optional(Type.Boolean()),
};
const streamFields = {
  status_paf: Type.Optional(Type.Boolean()),
  status_caf: Type.Optional(Type.Boolean()),
};
const Chambre = Nullable(Type.String({ maxLength: 20 }));

/**
 * POST /reservations/add → { id_reservation_mere, reservation_ids, message }: books every resident for
 * [start_date, end_date) in one room type of one hotel, under one sale and one purchase contract. Residents share
 * rooms of the type up to its capacity (rooms taken = ceil(residents / capacity) per night, against the allotment).
 */
export const ReservationAddBody = object({
  client_id: Id,
  contrat_client_id: Id,
  etablissement_id: Id,
  contrat_etablissement_id: Id,
  type_chambre_id: Id,
  pensionnaire_ids: Type.Array(Id, {
    minItems: 1,
    maxItems: MAX_PENSIONNAIRES_PAR_RESERVATION,
    uniqueItems: true,
  }),
  start_date: Day,
  /** Departure day. */
  end_date: Day,
  chambre: Type.Optional(Chambre),
  ...mealFields,
  ...streamFields,
  /** true: the stays are created confirmed (default: en_attente). */
  confirmer: Type.Optional(Type.Boolean()),
  demande_id: Type.Optional(Id),
});
export type ReservationAddBody = Static<typeof ReservationAddBody>;
export const ReservationAddAnswer = object({
  id_reservation_mere: Type.Integer(),
  reservation_ids: Type.Array(Type.Integer()),
  message: Type.String(),
});
export type ReservationAddAnswer = Static<typeof ReservationAddAnswer>;

/** POST /reservations/edit/:id_reservation_mere/:pensionnaire_id: adds a resident to a full reservation. */
export const ReservationEditParams = object({ id_reservation_mere: Id, pensionnaire_id: Id });
export const ReservationEditBody = object({
  /** Default: the parent's period, from today on if it has started. */
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  type_chambre_id: Type.Optional(Id),
  chambre: Type.Optional(Chambre),
  ...mealFields,
  ...streamFields,
});
export type ReservationEditBody = Static<typeof ReservationEditBody>;
export const ReservationEditAnswer = object({
  id_reservation_mere: Type.Integer(),
  reservation_id: Type.Integer(),
  message: Type.String(),
});
export type ReservationEditAnswer = Static<typeof ReservationEditAnswer>;

export const ReservationIdParams = object({ id: Id });

/** PUT /reservations/:id: changes what may change on a stay; meals and streams apply to nights from today on. */
export const ReservationUpdateBody = object({
  /** The version read: a stay changed meanwhile answers 409. */
  version: StayVersion,
  chambre: Type.Optional(Chambre),
  ...mealFields,
  ...streamFields,
});
export type ReservationUpdateBody = Static<typeof ReservationUpdateBody>;

/** PUT /reservations/:id/:date_fin: early departure: the stay ends on date_fin (≥ today), later nights cancelled. */
export const ReservationDepartParams = object({ id: Id, date_fin: Day });

/** Body of confirmation: optionally every stay of the same parent. */
export const ReservationActionBody = object({
  applyToAllPr: Type.Optional(Type.Boolean()),
  version: Type.Optional(StayVersion),
});
export type ReservationActionBody = Static<typeof ReservationActionBody>;

/** The reason of a cancellation: required, not blank (400), kept in the history of every stay it cancels. */
export const MotifAnnulation = Type.String({ minLength: 1, maxLength: MAX_MOTIF_ANNULATION });

/** Body of PUT /reservations/annulation/:id: the reason, optionally every stay of the same parent. */
export const ReservationAnnulationBody = object({
  applyToAllPr: Type.Optional(Type.Boolean()),
  version: Type.Optional(StayVersion),
  motif: MotifAnnulation,
});
export type ReservationAnnulationBody = Static<typeof ReservationAnnulationBody>;

/** The reason of a restoration: required, not blank (400), kept in the history of every stay it restores. */
export const MotifRetablissement = Type.String({ minLength: 1, maxLength: MAX_MOTIF_ANNULATION });

/** Body of PUT /reservations/retablissement/:id: the reason, optionally the version of the stay as read. */
export const ReservationRetablissementBody = object({
  version: Type.Optional(StayVersion),
  motif: MotifRetablissement,
});
export type ReservationRetablissementBody = Static<typeof ReservationRetablissementBody>;

/** PUT /reservations/prolongation/:id (spec §7): end_date, applyToAllPr → id_reservation_mere. */
export const ProlongationBody = object({
  /** New departure day. */
  end_date: Day,
  /** true: extend every resident of the same parent (each from the end of their last stay). */
  applyToAllPr: Type.Optional(Type.Boolean()),
});
export type ProlongationBody = Static<typeof ProlongationBody>;
export const ProlongationAnswer = object({
  id_reservation_mere: Type.Integer(),
  reservation_ids: Type.Array(Type.Integer()),
  message: Type.String(),
});
export type ProlongationAnswer = Static<typeof ProlongationAnswer>;

/** POST /reservations/prolongation_multiple. */
export const ProlongationMultipleBody = object({
  reservation_ids: Type.Array(Id, { minItems: 1, maxItems: MAX_PROLONGATIONS_MULTIPLES, uniqueItems: true }),
  end_date: Day,
  /** false (default): all or nothing. true: extend what can be, report the rest per row. */
  partiel: Type.Optional(Type.Boolean()),
});
export type ProlongationMultipleBody = Static<typeof ProlongationMultipleBody>;
export const ProlongationResultat = object({
  reservation_id: Type.Integer(),
  ok: Type.Boolean(),
  /** The extension created, when ok. */
  prolongation_id: Nullable(Type.Integer()),
  message: Type.String(),
});
export const ProlongationMultipleAnswer = object({
  message: Type.String(),
  resultats: Type.Array(ProlongationResultat),
});
export type ProlongationMultipleAnswer = Static<typeof ProlongationMultipleAnswer>;
/** Its errors carry the message in `msg` too (spec §7: "error message read from msg"). */
export const ProlongationMultipleError = object({
  message: Type.String(),
  msg: Type.String(),
  resultats: Type.Optional(Type.Array(ProlongationResultat)),
});
export type ProlongationMultipleError = Static<typeof ProlongationMultipleError>;

/** PUT /reservations/apec/:id */
export const ApecBody = object({ apec: Type.Boolean() });
export type ApecBody = Static<typeof ApecBody>;

/** POST /reservations/pax: people and nights of the stays matching the filters, over [start_date, end_date). */
export const PaxAnswer = object({
  /** Distinct residents. */
  pax: Type.Integer(),
  reservations: Type.Integer(),
  nuitees: Type.Integer(),
});
export type PaxAnswer = Static<typeof PaxAnswer>;

// The dashboard's counter filters (reservation-values.ts, schema-free) are valid list filters: a compile-time check.
type Extends<T extends U, U> = T;
type _DashboardFiltersAreFilters = Extends<
  typeof DASHBOARD_RESERVATION_FILTERS,
  Record<string, ReservationFilters>
>;
