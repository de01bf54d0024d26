import { Type, type Static, type TSchema } from 'typebox';
import { Day } from './contrats';
import { BirthDate } from './birth-date';
import {
  COMMUNICATION_STATUTS,
  COMMUNICATION_TYPES,
  COURRIEL_STATUTS,
  DEMANDE_ORIGINES,
  ENVOI_ISSUES,
  DEMANDE_STATUTS,
  DEMANDE_TRANSITIONS,
  DEMANDE_TYPES,
  SEXES,
  type CommunicationType,
  type DemandeOrigine,
  type DemandeStatut,
  type DemandeType,
} from './enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import { SYNC_ETATS } from './demande-sync';
import { EMAIL_MAX_LENGTH, MAX_DESTINATAIRES } from './courriel-values';
import { DEMANDE_ACTION_KEYS } from './demande-values';
import { HistoriqueEntry, MotifAnnulation, sejourResumeFields } from './reservations';

export {
  COMMUNICATION_PATHS,
  DEMANDE_ACTION_FILTERS,
  DEMANDE_ACTION_KEYS,
  DEMANDES_PATHS,
  type DemandeActionFilter,
  type DemandeCounter,
} from './demande-values';
export { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MAX_DESTINATAIRES } from './courriel-values';

/**
 * Accommodation requests (spec §7 « Accommodation requests »), their communications (§7 « Communication ») and the
 * client organisations' API keys. The spec's calls keep snake_case, as the reservations do. Periods are half-open:
 * `date_fin` is the departure day. See docs/api.md « Accommodation requests » and docs/domain.md « Demande ».
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
const text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const SearchText = text(100);
const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH });
const Telephone = Type.String({ pattern: '^[0-9+() .-]{6,20}$' });

/** Most residents named in one request, targeted stays of one request, requests of one sync. */
export const MAX_PENSIONNAIRES_PAR_DEMANDE = 20;
export const MAX_CIBLES_PAR_DEMANDE = 50;
export const MAX_DEMANDES_SYNC = 200;
/** Rooms (groups of residents sharing a room type) of one treatment. */
export const MAX_CHAMBRES_PAR_TRAITEMENT = 20;

export const DemandeTypeSchema = Type.Enum(DEMANDE_TYPES);
export const DemandeStatutSchema = Type.Enum(DEMANDE_STATUTS);
export const DemandeOrigineSchema = Type.Enum(DEMANDE_ORIGINES);
export const CommunicationTypeSchema = Type.Enum(COMMUNICATION_TYPES);
export const CommunicationStatutSchema = Type.Enum(COMMUNICATION_STATUTS);
export const CourrielStatutSchema = Type.Enum(COURRIEL_STATUTS);
export const EnvoiIssueSchema = Type.Enum(ENVOI_ISSUES);

export const DEMANDE_ORIGINE_LABELS: Record<DemandeOrigine, string> = {
  saisie: 'Saisie',
  api: 'API du client',
};

export {
  COMMUNICATION_STATUT_LABELS,
  COMMUNICATION_TYPE_LABELS,
  COURRIEL_STATUT_LABELS,
  DEMANDE_STATUT_LABELS,
  DEMANDE_TYPE_LABELS,
  demandeStatutLabel,
  NON_TRANSMIS_SANS_SMTP,
} from './demande-label-values';

/** The documents each kind of request may produce (what POST /communication/send_communication/:id accepts). */
export const COMMUNICATIONS_PAR_TYPE: Record<DemandeType, readonly CommunicationType[]> = {
  nouvelle: ['confirmation', 'bon_hebergement', 'refus'],
  prolongation: ['prolongation', 'bon_hebergement', 'refus'],
  annulation: ['annulation', 'refus'],
};

/** True when the state machine allows `from → to` (docs/domain.md). */
export const canMoveDemande = (from: DemandeStatut, to: DemandeStatut) =>
  DEMANDE_TRANSITIONS[from].includes(to);

// ---------------------------------------------------------------------------------------------------------
// List: POST /demandes_hebergement
// ---------------------------------------------------------------------------------------------------------

/** Column searches of the list (substrings, case and accents aside). */
export const DEMANDE_SEARCHABLE = ['client', 'pensionnaire', 'referent', 'reference'] as const;
export const DEMANDE_SORTABLE = [
  'id',
  'created_at',
  'date_debut',
  'date_fin',
  'client',
  'statut',
  'type',
  'urgente',
] as const;

export const demandeFilterFields = {
  /** The spec's action filter: the open requests (à traiter, en cours) of one kind. */
  action: Type.Optional(Type.Enum(DEMANDE_ACTION_KEYS)),
  statut: Type.Optional(
    Type.Union([
      DemandeStatutSchema,
      Type.Array(DemandeStatutSchema, { minItems: 1, maxItems: DEMANDE_STATUTS.length }),
    ]),
  ),
  type: Type.Optional(DemandeTypeSchema),
  client_id: Type.Optional(Id),
  pensionnaire_id: Type.Optional(Id),
  foyer_id: Type.Optional(Id),
  origine: Type.Optional(DemandeOrigineSchema),
  urgente: Type.Optional(Type.Boolean()),
  /** Requests whose requested period overlaps [start_date, end_date); either bound alone works. */
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  /** A resident (name, first name, file number) or the referent (name, e-mail) of the request. */
  recherche: Type.Optional(SearchText),
  client: Type.Optional(SearchText),
  pensionnaire: Type.Optional(SearchText),
  referent: Type.Optional(SearchText),
  /** The request number or the client's external reference. */
  reference: Type.Optional(SearchText),
};
export const DemandeFilters = object(demandeFilterFields);
export type DemandeFilters = Static<typeof DemandeFilters>;

export const DemandeListBody = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  sort: Type.Optional(Type.Enum(DEMANDE_SORTABLE)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  ...demandeFilterFields,
});
export type DemandeListBody = Static<typeof DemandeListBody>;

const PersonneRef = object({ id: Type.Integer(), nom: Type.String(), prenom: Type.String() });

export const DemandeItem = object({
  id: Type.Integer(),
  type: DemandeTypeSchema,
  statut: DemandeStatutSchema,
  origine: DemandeOrigineSchema,
  urgente: Type.Boolean(),
  client_id: Type.Integer(),
  client_nom: Type.String(),
  /** Requested period: the new stay, the extension's nights, or the nights to cancel. */
  date_debut: Type.String(),
  date_fin: Type.String(),
  nombre_personnes: Type.Integer(),
  /** The residents named (at most 5 here; the card lists them all). */
  pensionnaires: Type.Array(PersonneRef),
  referent_nom: Nullable(Type.String()),
  reference_externe: Nullable(Type.String()),
  /** Stays produced or targeted. */
  nombre_reservations: Type.Integer(),
  created_at: Type.String(),
  /** Whole days since the request arrived (Europe/Paris). */
  age_jours: Type.Integer(),
});
export type DemandeItem = Static<typeof DemandeItem>;

export const DemandeListAnswer = object({
  demandes: Type.Array(DemandeItem),
  total: Type.Integer({ minimum: 0 }),
});
export type DemandeListAnswer = Static<typeof DemandeListAnswer>;

/** GET /demandesNumber: the open requests of each kind (the dashboard counters, spec §3). */
export const DemandeCountAnswer = object({
  total_demande_a_traiter: Type.Integer({ minimum: 0 }),
  total_demande_a_annuler: Type.Integer({ minimum: 0 }),
  total_demande_a_prolonger: Type.Integer({ minimum: 0 }),
});
export type DemandeCountAnswer = Static<typeof DemandeCountAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Card: GET /demande_hebergement/:id
// ---------------------------------------------------------------------------------------------------------

/** A stay a request produced (`produite`) or is about (`cible`). */
export const DemandeReservation = object({
  ...sejourResumeFields,
  role: Type.Union([Type.Literal('produite'), Type.Literal('cible')]),
  chambre: Nullable(Type.String()),
  /** The non-cancelled extension of this stay, if any. */
  prolongee_par_id: Nullable(Type.Integer()),
});
export type DemandeReservation = Static<typeof DemandeReservation>;
export const ResasPerDemandeAnswer = object({ reservations: Type.Array(DemandeReservation) });
export type ResasPerDemandeAnswer = Static<typeof ResasPerDemandeAnswer>;

export const Communication = object({
  id: Type.Integer(),
  demande_id: Nullable(Type.Integer()),
  pensionnaire_id: Nullable(Type.Integer()),
  type_document: CommunicationTypeSchema,
  objet: Type.String(),
  destinataires: Type.Array(Type.String()),
  statut: CommunicationStatutSchema,
  /** Sending attempts so far. */
  tentatives: Type.Integer(),
  /**
   * Why the last attempt failed (or was kept in the outbox), or why it was not sent at all (a hotel notice to a
   * hotel without an e-mail address).
   */
  derniere_erreur: Nullable(Type.String()),
  envoye_at: Nullable(Type.String()),
  document_nom: Nullable(Type.String()),
  created_at: Type.String(),
  created_by: Nullable(Type.String()),
});
export type Communication = Static<typeof Communication>;

export const Souhaits = object({
  ville: Nullable(Type.String()),
  etablissement: Nullable(object({ id: Type.Integer(), nom: Type.String() })),
  type_chambre: Nullable(object({ id: Type.Integer(), libelle: Type.String() })),
  petit_dejeuner: Type.Boolean(),
  dejeuner: Type.Boolean(),
  diner: Type.Boolean(),
  accessibilite_pmr: Type.Boolean(),
  remarques: Nullable(Type.String()),
});
export type Souhaits = Static<typeof Souhaits>;

/** What staff may do with the request now (the API enforces the same rules and answers 409 otherwise). */
export const DemandeActions = object({
  traiter: Type.Boolean(),
  refuser: Type.Boolean(),
  prolonger: Type.Boolean(),
  confirmer_annulation: Type.Boolean(),
  synchroniser: Type.Boolean(),
});
export type DemandeActions = Static<typeof DemandeActions>;

export const DemandePensionnaire = object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  numero_dossier: Type.String(),
  date_naissance: Nullable(Type.String()),
  sexe: Type.Enum(SEXES),
  foyer_id: Nullable(Type.Integer()),
});
export type DemandePensionnaire = Static<typeof DemandePensionnaire>;

export const DemandeDetail = object({
  ...DemandeItem.properties,
  client_email: Nullable(Type.String()),
  referent_email: Nullable(Type.String()),
  referent_telephone: Nullable(Type.String()),
  foyer: Nullable(object({ id: Type.Integer(), nom: Type.String() })),
  pensionnaires: Type.Array(DemandePensionnaire),
  souhaits: Souhaits,
  motif_refus: Nullable(Type.String()),
  cibles: Type.Array(DemandeReservation),
  reservations: Type.Array(DemandeReservation),
  communications: Type.Array(Communication),
  historique: Type.Array(HistoriqueEntry),
  actions: DemandeActions,
  created_by: Nullable(Type.String()),
  updated_at: Type.String(),
});
export type DemandeDetail = Static<typeof DemandeDetail>;
export const DemandeDetailAnswer = object({ data: DemandeDetail });
export type DemandeDetailAnswer = Static<typeof DemandeDetailAnswer>;

export const DemandesPreviousAnswer = object({ demandes: Type.Array(DemandeItem) });
export type DemandesPreviousAnswer = Static<typeof DemandesPreviousAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Creation: staff (POST /demande_hebergement) and the client's system (POST /demande_hebergement/externe)
// ---------------------------------------------------------------------------------------------------------

export const NouveauPensionnaire = object({
  nom: text(120),
  prenom: text(120),
  date_naissance: Type.Optional(Nullable(BirthDate)),
  sexe: Type.Enum(SEXES),
  numero_dossier: text(40),
  telephone: Type.Optional(Nullable(Telephone)),
  email: Type.Optional(Nullable(Email)),
});
export type NouveauPensionnaire = Static<typeof NouveauPensionnaire>;

export const SouhaitsBody = object({
  ville: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
  etablissement_id: Type.Optional(Nullable(Id)),
  type_chambre_id: Type.Optional(Nullable(Id)),
  petit_dejeuner: Type.Optional(Type.Boolean()),
  dejeuner: Type.Optional(Type.Boolean()),
  diner: Type.Optional(Type.Boolean()),
  accessibilite_pmr: Type.Optional(Type.Boolean()),
  remarques: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
export type SouhaitsBody = Static<typeof SouhaitsBody>;

const referentFields = {
  referent_nom: Type.Optional(Nullable(Type.String({ maxLength: 160 }))),
  referent_email: Type.Optional(Nullable(Email)),
  referent_telephone: Type.Optional(Nullable(Telephone)),
};

const periodFields = {
  /** Arrival (new stay). */
  date_debut: Type.Optional(Day),
  /** Departure (new stay) or the requested new departure (extension). */
  date_fin: Type.Optional(Day),
  /** Cancellation: the first night no longer wanted. */
  date_annulation: Type.Optional(Day),
};

/**
 * A request typed in by staff. `nouvelle`: residents (existing ids and/or new ones, who join `foyer_id` or a new
 * household `nouveau_foyer`) and the period. `prolongation` / `annulation`: the targeted stays (`reservation_ids`, or
 * the current stay of each resident named) and `date_fin` / `date_annulation`.
 */
export const DemandeCreateBody = object({
  type: DemandeTypeSchema,
  client_id: Id,
  pensionnaire_ids: Type.Optional(
    Type.Array(Id, { maxItems: MAX_PENSIONNAIRES_PAR_DEMANDE, uniqueItems: true }),
  ),
  nouveaux_pensionnaires: Type.Optional(
    Type.Array(NouveauPensionnaire, { maxItems: MAX_PENSIONNAIRES_PAR_DEMANDE }),
  ),
  foyer_id: Type.Optional(Nullable(Id)),
  nouveau_foyer: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 120 }))),
  reservation_ids: Type.Optional(Type.Array(Id, { maxItems: MAX_CIBLES_PAR_DEMANDE, uniqueItems: true })),
  ...periodFields,
  ...referentFields,
  urgente: Type.Optional(Type.Boolean()),
  souhaits: Type.Optional(SouhaitsBody),
  reference_externe: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 80 }))),
});
export type DemandeCreateBody = Static<typeof DemandeCreateBody>;

export const DemandeCreateAnswer = object({ message: Type.String(), data: DemandeItem });
export type DemandeCreateAnswer = Static<typeof DemandeCreateAnswer>;

/** A resident as the client's system names them: by its own file number (created when unknown). */
export const PensionnaireExterne = object({
  numero_dossier: text(40),
  nom: Type.Optional(text(120)),
  prenom: Type.Optional(text(120)),
  date_naissance: Type.Optional(Nullable(BirthDate)),
  sexe: Type.Optional(Type.Enum(SEXES)),
  telephone: Type.Optional(Nullable(Telephone)),
  email: Type.Optional(Nullable(Email)),
});
export type PensionnaireExterne = Static<typeof PensionnaireExterne>;

/** POST /demande_hebergement/externe (X-Api-Key): idempotent on `reference_externe`. */
export const DemandeExterneBody = object({
  reference_externe: text(80),
  type: DemandeTypeSchema,
  pensionnaires: Type.Array(PensionnaireExterne, { minItems: 1, maxItems: MAX_PENSIONNAIRES_PAR_DEMANDE }),
  /** The household of the residents created by this request (named « Famille X » when left out). */
  foyer: Type.Optional(object({ nom: text(120) })),
  reservation_ids: Type.Optional(Type.Array(Id, { maxItems: MAX_CIBLES_PAR_DEMANDE, uniqueItems: true })),
  ...periodFields,
  ...referentFields,
  urgente: Type.Optional(Type.Boolean()),
  souhaits: Type.Optional(SouhaitsBody),
});
export type DemandeExterneBody = Static<typeof DemandeExterneBody>;

/** What the client's system sees of its request. */
export const DemandeExterne = object({
  id: Type.Integer(),
  reference_externe: Type.String(),
  type: DemandeTypeSchema,
  statut: DemandeStatutSchema,
  statut_libelle: Type.String(),
  date_debut: Type.String(),
  date_fin: Type.String(),
  motif_refus: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type DemandeExterne = Static<typeof DemandeExterne>;
export const DemandeExterneAnswer = object({ message: Type.String(), data: DemandeExterne });
export type DemandeExterneAnswer = Static<typeof DemandeExterneAnswer>;
export const DemandeExterneStatusAnswer = object({ data: DemandeExterne });
export type DemandeExterneStatusAnswer = Static<typeof DemandeExterneStatusAnswer>;
export const ReferenceExterneParams = object({ reference: text(80) });

// ---------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------

export const DemandeIdParams = object({ id: Id });

/** A write on a request: its message and the documents it prepared (a refusal letter…). */
export const DemandeWriteAnswer = object({
  message: Type.String(),
  communication_ids: Type.Array(Type.Integer()),
});
export type DemandeWriteAnswer = Static<typeof DemandeWriteAnswer>;

/** PUT /demande_hebergement/:id/refuser */
export const RefusBody = object({ motif: Type.String({ minLength: 1, maxLength: 1000 }) });
export type RefusBody = Static<typeof RefusBody>;

/** One room type of a treatment and the residents who take it (sharing rooms up to its capacity). */
export const ChambreTraitement = object({
  type_chambre_id: Id,
  pensionnaire_ids: Type.Array(Id, {
    minItems: 1,
    maxItems: MAX_PENSIONNAIRES_PAR_DEMANDE,
    uniqueItems: true,
  }),
  chambre: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
});

/**
 * POST /demande_hebergement/reservations/:id: books the request through POST /reservations/add's service, in one
 * transaction: one full reservation in one hotel, one stay per resident, grouped by room type.
 */
export const TraitementBody = object({
  contrat_client_id: Id,
  etablissement_id: Id,
  contrat_etablissement_id: Id,
  chambres: Type.Array(ChambreTraitement, { minItems: 1, maxItems: MAX_CHAMBRES_PAR_TRAITEMENT }),
  /** Default: the requested period. */
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  petit_dejeuner: Type.Optional(Type.Boolean()),
  dejeuner: Type.Optional(Type.Boolean()),
  diner: Type.Optional(Type.Boolean()),
  status_paf: Type.Optional(Type.Boolean()),
  status_caf: Type.Optional(Type.Boolean()),
  /** true: the stays are created confirmed. */
  confirmer: Type.Optional(Type.Boolean()),
});
export type TraitementBody = Static<typeof TraitementBody>;
export const TraitementAnswer = object({
  message: Type.String(),
  id_reservation_mere: Type.Integer(),
  reservation_ids: Type.Array(Type.Integer()),
  /** The confirmation and the hotel's voucher, prepared (not sent). */
  communication_ids: Type.Array(Type.Integer()),
});
export type TraitementAnswer = Static<typeof TraitementAnswer>;

export const ResultatCible = object({
  reservation_id: Type.Integer(),
  ok: Type.Boolean(),
  /** The extension created (prolongation), when ok. */
  prolongation_id: Nullable(Type.Integer()),
  message: Type.String(),
});
export type ResultatCible = Static<typeof ResultatCible>;

/** POST /demande_hebergement/reservations_prolongation/:id (optional body). */
export const ProlongationDemandeBody = object({
  /** Default: the requested departure. */
  end_date: Type.Optional(Day),
  /** Default: every targeted stay not yet extended to the date. */
  reservation_ids: Type.Optional(
    Type.Array(Id, { minItems: 1, maxItems: MAX_CIBLES_PAR_DEMANDE, uniqueItems: true }),
  ),
});
export type ProlongationDemandeBody = Static<typeof ProlongationDemandeBody>;

/** PUT /demande_hebergement/annulations/:id: the reason (required, kept in each cancelled stay's history). */
export const AnnulationDemandeBody = object({
  /** Default: the requested cancellation date (or today when it is past). */
  date_annulation: Type.Optional(Day),
  reservation_ids: Type.Optional(
    Type.Array(Id, { minItems: 1, maxItems: MAX_CIBLES_PAR_DEMANDE, uniqueItems: true }),
  ),
  motif: MotifAnnulation,
});
export type AnnulationDemandeBody = Static<typeof AnnulationDemandeBody>;

/** Per-stay results of an extension or cancellation; `statut`: the request's new state. */
export const CiblesAnswer = object({
  message: Type.String(),
  statut: DemandeStatutSchema,
  resultats: Type.Array(ResultatCible),
  communication_ids: Type.Array(Type.Integer()),
});
export type CiblesAnswer = Static<typeof CiblesAnswer>;
/** 409 when no targeted stay could be changed: nothing applied, each stay's reason given. */
export const CiblesError = object({
  message: Type.String(),
  resultats: Type.Optional(Type.Array(ResultatCible)),
});

/** POST /demande_hebergement/sync */
export const SyncBody = object({
  demande_ids: Type.Array(Id, { minItems: 1, maxItems: MAX_DEMANDES_SYNC, uniqueItems: true }),
});
export type SyncBody = Static<typeof SyncBody>;
export const SyncResultat = object({
  demande_id: Type.Integer(),
  /** false: the request could not be re-aligned (unknown, failed, or a difference left for staff to decide). */
  ok: Type.Boolean(),
  /** What became of it (demande-sync.ts `SYNC_ETATS`): updated, already aligned, to check, unknown, failed. */
  etat: Type.Enum(SYNC_ETATS),
  /** What changed, in French (empty: already aligned). */
  changements: Type.Array(Type.String()),
  message: Type.String(),
});
export type SyncResultat = Static<typeof SyncResultat>;
export const SyncAnswer = object({ message: Type.String(), resultats: Type.Array(SyncResultat) });
export type SyncAnswer = Static<typeof SyncAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Communications
// ---------------------------------------------------------------------------------------------------------

export const CommunicationIdParams = object({ id: Id });
/** GET /demande/communication/:id (a request): which of its documents; its latest when left out. */
export const DemandeDocumentQuery = object({ communication: Type.Optional(Id) });
export type DemandeDocumentQuery = Static<typeof DemandeDocumentQuery>;
/** Recipients the sender gives (instead of the known ones): 1 to MAX_DESTINATAIRES valid addresses, no repeat. */
export const Destinataires = Type.Array(Email, {
  minItems: 1,
  maxItems: MAX_DESTINATAIRES,
  uniqueItems: true,
});

/** POST /communication/send_communication/:id (a request): prepares a document, and sends it unless `envoyer: false`. */
export const CommunicationCreateBody = object({
  type_document: CommunicationTypeSchema,
  /** Default: the client's referent (or the client), the hotel for a voucher. */
  destinataires: Type.Optional(Destinataires),
  envoyer: Type.Optional(Type.Boolean()),
});
export type CommunicationCreateBody = Static<typeof CommunicationCreateBody>;

/** POST /communication/send/:id (a communication): sends it (again), optionally to other recipients. */
export const CommunicationSendBody = object({ destinataires: Type.Optional(Destinataires) });
export type CommunicationSendBody = Static<typeof CommunicationSendBody>;

/** `envoi`: what became of the e-mail; absent when nothing was sent (a document only prepared). */
export const CommunicationAnswer = object({
  message: Type.String(),
  envoi: Type.Optional(EnvoiIssueSchema),
  data: Communication,
});
export type CommunicationAnswer = Static<typeof CommunicationAnswer>;

/** One e-mail as the outbox keeps it. */
export const Courriel = object({
  id: Type.Integer(),
  statut: CourrielStatutSchema,
  /** `smtp`, or `boite_locale` when no SMTP server is configured. */
  transport: Type.String(),
  expediteur: Type.String(),
  destinataires: Type.Array(Type.String()),
  objet: Type.String(),
  tentatives: Type.Integer(),
  derniere_erreur: Nullable(Type.String()),
  envoye_at: Nullable(Type.String()),
  communication_id: Nullable(Type.Integer()),
  pieces_jointes: Type.Array(object({ index: Type.Integer(), nom: Type.String(), taille: Type.Integer() })),
  /** Its text holds a secret for its recipient alone (a password-reset link): never shown, nor its attachments. */
  confidentiel: Type.Boolean(),
  created_at: Type.String(),
});
export type Courriel = Static<typeof Courriel>;
/** `texte`: the message's text, or a notice in its place for a confidential one. */
export const CourrielDetail = object({ ...Courriel.properties, texte: Type.String() });
export type CourrielDetail = Static<typeof CourrielDetail>;

export const CommunicationDetail = object({
  ...Communication.properties,
  courriels: Type.Array(Courriel),
});
export type CommunicationDetail = Static<typeof CommunicationDetail>;
export const CommunicationDetailAnswer = object({ data: CommunicationDetail });
export type CommunicationDetailAnswer = Static<typeof CommunicationDetailAnswer>;
export const CommunicationsAnswer = object({ communications: Type.Array(Communication) });
export type CommunicationsAnswer = Static<typeof CommunicationsAnswer>;

export const CourrielListQuery = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  statut: Type.Optional(CourrielStatutSchema),
});
export type CourrielListQuery = Static<typeof CourrielListQuery>;
export const CourrielListAnswer = object({ data: Type.Array(Courriel), total: Type.Integer({ minimum: 0 }) });
export type CourrielListAnswer = Static<typeof CourrielListAnswer>;
export const CourrielAnswer = object({ data: CourrielDetail });
export type CourrielAnswer = Static<typeof CourrielAnswer>;
export const CourrielWriteAnswer = object({
  message: Type.String(),
  envoi: EnvoiIssueSchema,
  data: Courriel,
});
export type CourrielWriteAnswer = Static<typeof CourrielWriteAnswer>;
/**
 * The 502 of a sending the SMTP server refused or could not take: the reason (`message`), `envoi: 'echec'` and the
 * e-mail kept in the outbox (`courriel_id`), to be sent again with POST /courriels/:id/renvoyer.
 */
export const EnvoiEchecBody = object({
  message: Type.String(),
  envoi: Type.Literal('echec'),
  courriel_id: Type.Integer(),
});
export type EnvoiEchecBody = Static<typeof EnvoiEchecBody>;
export const PieceJointeParams = object({ id: Id, index: Type.Integer({ minimum: 0, maximum: 20 }) });

// ---------------------------------------------------------------------------------------------------------
// Client API keys (administrators, on the client's card)
// ---------------------------------------------------------------------------------------------------------

/** `GET|POST /clients/:id/cles-api`, `PUT /clients/:id/cles-api/:cle_id/revocation`. */
export const clesApiPath = (clientId: number | string) => `/clients/${clientId}/cles-api`;
/** The header the client's system sends its key in. */
export const API_KEY_HEADER = 'x-api-key';

export const CleApi = object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  libelle: Type.String(),
  /** The key's first characters, to recognise it (the key itself is never stored). */
  prefixe: Type.String(),
  created_at: Type.String(),
  created_by: Nullable(Type.String()),
  derniere_utilisation: Nullable(Type.String()),
  revoquee_at: Nullable(Type.String()),
});
export type CleApi = Static<typeof CleApi>;
export const ClesApiAnswer = object({ cles: Type.Array(CleApi) });
export type ClesApiAnswer = Static<typeof ClesApiAnswer>;
export const CleApiParams = object({ id: Id });
export const CleApiRevocationParams = object({ id: Id, cle_id: Id });
export const CleApiCreateBody = object({ libelle: text(80) });
export type CleApiCreateBody = Static<typeof CleApiCreateBody>;
/** The key in clear: in this answer only, once. */
export const CleApiCreateAnswer = object({ message: Type.String(), data: CleApi, cle: Type.String() });
export type CleApiCreateAnswer = Static<typeof CleApiCreateAnswer>;
export const CleApiWriteAnswer = object({ message: Type.String(), data: CleApi });
export type CleApiWriteAnswer = Static<typeof CleApiWriteAnswer>;
