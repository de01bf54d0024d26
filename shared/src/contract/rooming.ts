import { Type, type Static, type TSchema } from 'typebox';
import { Day } from './contrats';
import { Courriel, Destinataires, EnvoiIssueSchema } from './demandes';
import {
  EtatPaiementSchema,
  FLUX_PAIEMENT,
  PresenceSchema,
  ReservationItem,
  ReservationStatutSchema,
  StayVersion,
  TypeResaSchema,
  reservationFilterFields,
  sejourRowFields,
} from './reservations';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import { RESERVATION_STATUTS } from './enums';

/**
 * Issue 11: rooming lists (spec §7 `GET /reservationsRooming{Etab,Client,Pens}`), attendance and payment checks
 * (pointage), their twelve exports and the rooming list sent to a hotel. snake_case like every reservation call;
 * money is a decimal string ('84.50'); periods are half-open (`end_date` = the day after the last night).
 * See docs/api.md « Rooming et pointage » and docs/domain.md « Computations ».
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
const Money = Type.String();
const Count = Type.Integer({ minimum: 0 });
const SearchText = Type.String({ minLength: 1, maxLength: 100 });

import { ROOMING_EXPORTS, ROOMING_MAX_JOURS, ROOMING_PATHS } from './rooming-values';

export { ROOMING_EXPORTS, ROOMING_MAX_JOURS, ROOMING_PATHS };

// ---------------------------------------------------------------------------------------------------------
// Rooming filters and queries
// ---------------------------------------------------------------------------------------------------------

/**
 * The rooming filters: the reservation list's names where they mean the same thing. `start_date` / `end_date`
 * (required) bound the nights counted: `start_date <= date_nuit < end_date`, at most ROOMING_MAX_JOURS days.
 */
export const roomingFilterFields = {
  start_date: Day,
  end_date: Day,
  client_id: Type.Optional(Id),
  etablissement_id: Type.Optional(Id),
  pensionnaire_id: Type.Optional(Id),
  type_chambre_id: Type.Optional(Id),
  id_reservation_mere: Type.Optional(Id),
  statut: Type.Optional(
    Type.Union([
      ReservationStatutSchema,
      Type.Array(ReservationStatutSchema, { minItems: 1, maxItems: RESERVATION_STATUTS.length }),
    ]),
  ),
  type_resa: Type.Optional(TypeResaSchema),
  status_paf: Type.Optional(Type.Boolean()),
  status_caf: Type.Optional(Type.Boolean()),
  /** Substrings, case and accents aside, as the reservation list's column searches. */
  pensionnaire: Type.Optional(SearchText),
  numero_dossier: Type.Optional(SearchText),
  client: Type.Optional(SearchText),
  etablissement: Type.Optional(SearchText),
  chambre: Type.Optional(SearchText),
};
export const RoomingFilters = object(roomingFilterFields);
export type RoomingFilters = Static<typeof RoomingFilters>;

/**
 * Query string of the three rooming GETs (spec §7): `?page=1&pageSize=50&filters={"start_date":…}`. `filters` is
 * the JSON of RoomingFilters: malformed JSON, an unknown filter or a bad value → 400 with a French message.
 */
export const RoomingQuery = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  filters: Type.String({ minLength: 2, maxLength: 4000 }),
});
export type RoomingQuery = Static<typeof RoomingQuery>;
/**
 * The same query once the API has parsed `filters` (the schema its routes validate, so errors name the field).
 * `x-consume` tells the OpenAPI document that `filters` travels as JSON text: a parameter with `content`
 * `application/json` and the filters' schema, start_date and end_date required, as Ajv checks them.
 */
export const RoomingQueryDecoded = object({
  page: RoomingQuery.properties.page,
  pageSize: RoomingQuery.properties.pageSize,
  filters: Type.Object(roomingFilterFields, { additionalProperties: false, 'x-consume': 'application/json' }),
});
export type RoomingQueryDecoded = Static<typeof RoomingQueryDecoded>;

// ---------------------------------------------------------------------------------------------------------
// Rooming answers
// ---------------------------------------------------------------------------------------------------------

/**
 * One stay (reservation) with at least one non-cancelled night in the period, and what it counts there. Prices
 * are those of the screen's side: purchase (what the hotel is paid) on rooming-etab, sale (what the client is
 * invoiced) on rooming-client and rooming-pensionnaires. `prix_ht` = Σ line HT of its nights in the period, so the
 * rows' `prix_ht` sum to `total_prix_ht` (VAT is per document, never per row).
 */
export const RoomingRow = object({
  /** `date_debut` and `date_fin` are the stay's own arrival and departure days. */
  ...sejourRowFields,
  /** First night in the period and the day after its last night in the period. */
  debut_periode: Type.String(),
  fin_periode: Type.String(),
  /** Non-cancelled nights in the period, and how they were pointed. */
  nuitees: Count,
  nuitees_presentes: Count,
  nuitees_absentes: Count,
  petit_dejeuner: Count,
  dejeuner: Count,
  diner: Count,
  prix_ht: Money,
  /** Same over nights pointed present (the « réel » reading). */
  prix_htr: Money,
  status_paf: Type.Boolean(),
  status_caf: Type.Boolean(),
  etat_payment_paf: EtatPaiementSchema,
  etat_payment_caf: EtatPaiementSchema,
  montant_paf: Money,
  montant_caf: Money,
  version: Type.Integer(),
});
export type RoomingRow = Static<typeof RoomingRow>;

/** Spec §3 « Rooming establishment totals »: over the non-cancelled nights of the period, purchase side. */
export const roomingEtabTotauxFields = {
  /** Reservations listed (rows). */
  total: Count,
  total_nuitees: Count,
  /** Distinct residents. */
  total_pensionnaires: Count,
  total_prix_ht: Money,
  tva: Money,
  ttc: Money,
  /** « Réel »: nights pointed present only. */
  total_prix_htr: Money,
  total_prix_ttcr: Money,
};
export const RoomingEtabTotaux = object(roomingEtabTotauxFields);
export type RoomingEtabTotaux = Static<typeof RoomingEtabTotaux>;

/**
 * Spec §3 « Rooming client totals » (22 fields), sale side. PAF/CAF over nights whose stay has the stream: `_p`
 * payé, `_n` non payé, `_v` à vérifier (the night's state): count of nights and Σ of their amounts.
 */
export const roomingClientTotauxFields = {
  total: Count,
  total_nuitees: Count,
  total_pensionnaires: Count,
  total_prix_ht: Money,
  tva: Money,
  ttc: Money,
  total_paf_p: Count,
  total_montant_paf_p: Money,
  total_paf_n: Count,
  total_montant_paf_n: Money,
  total_paf_v: Count,
  total_montant_paf_v: Money,
  total_caf_p: Count,
  total_montant_caf_p: Money,
  total_caf_n: Count,
  total_montant_caf_n: Money,
  total_caf_v: Count,
  total_montant_caf_v: Money,
  total_petit_dej: Count,
  total_dej: Count,
  total_dinner: Count,
  total_prix_ttcr: Money,
};
export const RoomingClientTotaux = object(roomingClientTotauxFields);
export type RoomingClientTotaux = Static<typeof RoomingClientTotaux>;

/** GET /reservationsRoomingEtab → reservations plus the establishment totals (spec §7). */
export const RoomingEtabAnswer = object({
  reservations: Type.Array(RoomingRow),
  ...roomingEtabTotauxFields,
});
export type RoomingEtabAnswer = Static<typeof RoomingEtabAnswer>;

/** GET /reservationsRoomingClient → reservations plus the client totals (spec §7). */
export const RoomingClientAnswer = object({
  reservations: Type.Array(RoomingRow),
  ...roomingClientTotauxFields,
});
export type RoomingClientAnswer = Static<typeof RoomingClientAnswer>;

/** GET /reservationsRoomingPens → reservations, total (spec §7). */
export const RoomingPensAnswer = object({ reservations: Type.Array(RoomingRow), total: Count });
export type RoomingPensAnswer = Static<typeof RoomingPensAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Pointage (attendance and PAF/CAF): the list and the two writes
// ---------------------------------------------------------------------------------------------------------

/**
 * POST /reservations/pointage_nuitees: the reservation list's filters (the dashboard badges' presets: `jours:
 * 'commence_h'`, `status_paf: true, etat_payment_paf: 'a_verifier'`…) plus `date_arrivee` (stays arriving that day:
 * « any day » of pointage-presence). Each stay comes with its nights in `[start_date, end_date)` when both are
 * given, else the nights of the 31 days up to today included.
 */
export const pointageFilterFields = {
  ...reservationFilterFields,
  /** Stays whose first night is this day (not cancelled). */
  date_arrivee: Type.Optional(Day),
};
export const PointageListBody = object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  ...pointageFilterFields,
});
export type PointageListBody = Static<typeof PointageListBody>;

/** One night as the pointage screens show and change it. */
export const PointageNuitee = object({
  id: Type.Integer(),
  date_nuit: Type.String(),
  presence: PresenceSchema,
  etat_paf: EtatPaiementSchema,
  etat_caf: EtatPaiementSchema,
  montant_paf: Money,
  montant_caf: Money,
  /** Past nights are frozen except for these checks; a future night cannot be pointed present/absent. */
  pointable: Type.Boolean(),
});
export type PointageNuitee = Static<typeof PointageNuitee>;

/** Nights of one stream in one state: how many, their amount, and how many of them are not in the list's window. */
export const NuitsDuesEtat = object({ nuits: Count, montant: Money, hors_fenetre: Count });
export type NuitsDuesEtat = Static<typeof NuitsDuesEtat>;
/**
 * A stream's nights due over the whole stay — non-cancelled, dated before today, in or out of the window — by
 * state: what a whole-stay check (no dates) writes, so what the pointage screens count for a stay.
 */
export const NuitsDues = object({ a_verifier: NuitsDuesEtat, paye: NuitsDuesEtat, non_paye: NuitsDuesEtat });
export type NuitsDues = Static<typeof NuitsDues>;

export const PointageReservation = object({
  ...ReservationItem.properties,
  /** Its non-cancelled nights in the window (`start_date`, `end_date` of the answer). */
  nuitees: Type.Array(PointageNuitee),
  /** The PAF nights due over the whole stay; null when the stream does not apply (`status_paf` false). */
  nuits_dues_paf: Nullable(NuitsDues),
  /** The same for the CAF (`status_caf`). */
  nuits_dues_caf: Nullable(NuitsDues),
});
export type PointageReservation = Static<typeof PointageReservation>;
export const PointageListAnswer = object({
  reservations: Type.Array(PointageReservation),
  total: Count,
  /** The night window applied. */
  start_date: Type.String(),
  end_date: Type.String(),
});
export type PointageListAnswer = Static<typeof PointageListAnswer>;

/**
 * PUT /reservations/update_pointage/:id: attendance of nights of the stay dated today or before. `version` is the
 * stay's version as read (ReservationItem.version): a stay changed meanwhile → 409 « modifiée entre-temps »,
 * nothing written. A resident absent on the stay's first night is a no-show: with `annuler_suite: true` the stay is
 * cancelled from today on (remaining nights released from the allotment) in the same transaction, audited.
 */
export const UpdatePointageBody = object({
  presence: PresenceSchema,
  /** Nights to set; default: yesterday's night. */
  dates: Type.Optional(Type.Array(Day, { minItems: 1, maxItems: 366, uniqueItems: true })),
  version: StayVersion,
  /** No-show: cancel the remaining nights (only with `presence: 'absent'` on the first night). */
  annuler_suite: Type.Optional(Type.Boolean()),
});
export type UpdatePointageBody = Static<typeof UpdatePointageBody>;

/** A night and its state of one stream: what an undo puts back (PointagePafCafBody.nuits, PointageAnswer.precedents). */
export const NuitEtat = object({ date_nuit: Day, etat: EtatPaiementSchema });
export type NuitEtat = Static<typeof NuitEtat>;

/**
 * PUT /reservations/pointage_paf_caf/:id: payment state of one stream. Either `etat` on nights — `dates` if given,
 * else `[start_date, end_date)` if given, else those dated before today — or `nuits`, each night its own state
 * (an undo: the answer's `precedents` sent back, 400 if one is not a night of the stay). `version` as for the
 * attendance (required: the stay's card and the pointage screens both send the version they read).
 */
export const PointagePafCafBody = object({
  type: Type.Enum(FLUX_PAIEMENT),
  etat: Type.Optional(EtatPaiementSchema),
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
  dates: Type.Optional(Type.Array(Day, { minItems: 1, maxItems: 366, uniqueItems: true })),
  nuits: Type.Optional(Type.Array(NuitEtat, { minItems: 1, maxItems: 366 })),
  version: StayVersion,
});
export type PointagePafCafBody = Static<typeof PointagePafCafBody>;

/** Nights by state (a payment check's `ecrites`). */
export const NuitsParEtat = object({ a_verifier: Count, paye: Count, non_paye: Count });
export type NuitsParEtat = Static<typeof NuitsParEtat>;

/** Answer of both pointage writes: the stay's new version (send it with the next check) and what changed. */
export const PointageAnswer = object({
  message: Type.String(),
  reservation_id: Type.Integer(),
  version: Type.Integer(),
  /** Nights written (all of them, changed or already in that state). */
  nuitees: Count,
  /** The stay's PAF/CAF summary after a payment check. */
  etat_payment: Type.Optional(EtatPaiementSchema),
  /** A payment check: the nights written, by the state written to them. */
  ecrites: Type.Optional(NuitsParEtat),
  /** A payment check: every night written with the state it had before, by date (send them as `nuits` to undo). */
  precedents: Type.Optional(Type.Array(NuitEtat)),
  /** No-show: nights cancelled (0 when none). */
  nuitees_annulees: Type.Optional(Count),
});
export type PointageAnswer = Static<typeof PointageAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Exports (spec §7, exact names) and the rooming list sent to a hotel
// ---------------------------------------------------------------------------------------------------------

/** Body of the six rooming exports: the screen's filters (period required), no paging (every row). */
export const RoomingExportBody = RoomingFilters;
export type RoomingExportBody = RoomingFilters;
/** Body of the six pointage exports: the pointage screen's filters; page and pageSize accepted and ignored. */
export const PointageExportBody = object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  ...pointageFilterFields,
});
export type PointageExportBody = Static<typeof PointageExportBody>;

export type RoomingExportKey = keyof typeof ROOMING_EXPORTS;

/**
 * POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois (spec §7 `{a}/{b}`): e-mails the hotel its rooming
 * list PDF for the month `mois` (YYYY-MM: the nights of that calendar month), every client, through the product's
 * mail transport. 201 with the e-mail kept in the outbox; 502 with the reason when the server refused (kept,
 * sent again by POST /courriels/:id/renvoyer); 400 when the hotel has no e-mail and none is given.
 */
export const SendRoomingParams = object({
  etablissement_id: Id,
  mois: Type.String({ pattern: '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$' }),
});
export type SendRoomingParams = Static<typeof SendRoomingParams>;
export const SendRoomingBody = object({
  /** Default: the hotel's e-mail. */
  destinataires: Type.Optional(Destinataires),
  /**
   * Administrators only (403 otherwise): the one address given in `destinataires` becomes the hotel's e-mail, in
   * the same transaction as the message, audited (400 unless exactly one address is given).
   */
  enregistrer_adresse: Type.Optional(Type.Boolean()),
});
export type SendRoomingBody = Static<typeof SendRoomingBody>;
export const SendRoomingAnswer = object({ message: Type.String(), envoi: EnvoiIssueSchema, data: Courriel });
export type SendRoomingAnswer = Static<typeof SendRoomingAnswer>;
