import { Type, type Static, type TSchema } from 'typebox';
import { CONTRAT_STATUTS, MODES_TARIFICATION } from './enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './list';
import { PERIMETRES } from './perimetre-values';

/**
 * Contracts: purchase (contrat établissement) and sale (contrat client), each with its tariff lines, and the
 * spec's contract calls (§7 Contracts). The management resources use camelCase JSON like the reference data;
 * the spec's calls keep the snake_case names the spec shows (`contrats`, `contrats_etablissements`,
 * `type_chambres_data`, `start_date`, `end_date`…). See docs/api.md.
 *
 * Periods are half-open: `dateFin` is the first day no longer covered (the night of D is D → D + 1).
 * Money is a decimal string ('84.50'), never a number; VAT rates are percent strings ('10.00').
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Up to 10 integer digits and 2 decimals: '84', '84.5', '84.50'. Answers always carry 2 decimals. */
export const MONEY_PATTERN = '^\\d{1,10}(\\.\\d{1,2})?$';
/** A percentage between 0 and 100, up to 2 decimals: '5.5', '10', '20.00', '100'. */
export const VAT_RATE_PATTERN = '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$';

export const Money = Type.String({ pattern: MONEY_PATTERN });
export const VatRate = Type.String({ pattern: VAT_RATE_PATTERN });
/** A calendar day, 'YYYY-MM-DD', years MIN_DAY_YEAR–MAX_DAY_YEAR (days.ts; the API's 'date' format checks both). */
export const Day = Type.String({ format: 'date' });
export const ContratStatutSchema = Type.Enum(CONTRAT_STATUTS);
export const ModeTarificationSchema = Type.Enum(MODES_TARIFICATION);

/** Most tariff lines one contract may carry (a line per room type and season is far below it). */
export const MAX_LIGNES_TARIF = 500;

export { CONTRAT_STATUT_LABELS, CONTRATS_SPEC_PATHS, PENSIONNAIRES_SEARCH_ERROR } from './contrat-values';

const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

// ---------------------------------------------------------------------------------------------------------
// Management resources (camelCase)
// ---------------------------------------------------------------------------------------------------------

/** Paths of the contract resources (the spec leaves them open; see docs/api.md). */
export const CONTRATS_PATHS = {
  contratsEtablissement: '/contrats-etablissement',
  contratsClients: '/contrats-clients',
} as const;

const headerFields = {
  reference: Type.String({ minLength: 1, maxLength: 60 }),
  dateDebut: Day,
  /** First day no longer covered. */
  dateFin: Day,
  modeTarification: ModeTarificationSchema,
  tauxTvaNuitee: VatRate,
  tauxTvaRepas: VatRate,
  /** Days before the end of a stay when it becomes "prolongeable"; default 2. */
  delaiAlerteJours: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
};

const linePrices = {
  prixNuiteeHt: Money,
  /** Meal prices default to '0.00'. */
  prixPetitDejeunerHt: Type.Optional(Money),
  prixDejeunerHt: Type.Optional(Money),
  prixDinerHt: Type.Optional(Money),
};

const lineFields = {
  typeChambreId: Id,
  dateDebut: Day,
  dateFin: Day,
  ...linePrices,
};

/** `id` on a line of an update body names the existing line it keeps or changes; without it, a line is new. */
const lineId = { id: Type.Optional(Id) };

const lignes = <T extends TSchema>(line: T) => Type.Array(line, { maxItems: MAX_LIGNES_TARIF });

// Purchase contract ------------------------------------------------------------------------------------

const etablissementLineFields = {
  ...lineFields,
  /** Rooms guaranteed per night at this price; null or absent = no limit. */
  allotement: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000 }))),
};
export const ContratEtablissementLigneBody = object(etablissementLineFields);
export const ContratEtablissementLigneUpdateBody = object({ ...lineId, ...etablissementLineFields });
export type ContratEtablissementLigneBody = Static<typeof ContratEtablissementLigneBody>;
export type ContratEtablissementLigneUpdateBody = Static<typeof ContratEtablissementLigneUpdateBody>;

const etablissementHeaderFields = { ...headerFields, etablissementId: Id };
export const ContratEtablissementBody = object({
  ...etablissementHeaderFields,
  lignes: lignes(ContratEtablissementLigneBody),
});
export const ContratEtablissementUpdateBody = object({
  ...etablissementHeaderFields,
  lignes: lignes(ContratEtablissementLigneUpdateBody),
});
export type ContratEtablissementBody = Static<typeof ContratEtablissementBody>;
export type ContratEtablissementUpdateBody = Static<typeof ContratEtablissementUpdateBody>;

const headerOut = {
  id: Type.Integer(),
  reference: Type.String(),
  dateDebut: Type.String(),
  dateFin: Type.String(),
  statut: ContratStatutSchema,
  modeTarification: ModeTarificationSchema,
  tauxTvaNuitee: Type.String(),
  tauxTvaRepas: Type.String(),
  delaiAlerteJours: Type.Integer(),
  notes: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

const lineOut = {
  id: Type.Integer(),
  typeChambreId: Type.Integer(),
  typeChambreLibelle: Type.String(),
  dateDebut: Type.String(),
  dateFin: Type.String(),
  prixNuiteeHt: Type.String(),
  prixPetitDejeunerHt: Type.String(),
  prixDejeunerHt: Type.String(),
  prixDinerHt: Type.String(),
  /** true when nights were booked at this line: it can then be neither changed nor removed. */
  utilisee: Type.Boolean(),
};

export const ContratEtablissementLigne = object({
  ...lineOut,
  allotement: Nullable(Type.Integer()),
});
export type ContratEtablissementLigne = Static<typeof ContratEtablissementLigne>;

const etablissementHeaderOut = {
  ...headerOut,
  etablissementId: Type.Integer(),
  etablissementNom: Type.String(),
};
/** A list row: the header and the hotel's name. */
export const ContratEtablissement = object(etablissementHeaderOut);
export type ContratEtablissement = Static<typeof ContratEtablissement>;
/** One contract: the header, the hotel's name and the tariff lines. */
export const ContratEtablissementDetail = object({
  ...etablissementHeaderOut,
  lignes: Type.Array(ContratEtablissementLigne),
});
export type ContratEtablissementDetail = Static<typeof ContratEtablissementDetail>;

// Sale contract ----------------------------------------------------------------------------------------

const clientLineFields = {
  ...lineFields,
  /** A price for this hotel only; null or absent = every hotel (a hotel's own line wins). */
  etablissementId: Type.Optional(Nullable(Id)),
};
export const ContratClientLigneBody = object(clientLineFields);
export const ContratClientLigneUpdateBody = object({ ...lineId, ...clientLineFields });
export type ContratClientLigneBody = Static<typeof ContratClientLigneBody>;
export type ContratClientLigneUpdateBody = Static<typeof ContratClientLigneUpdateBody>;

/**
 * The fields of a tariff line, by kind: what a line of the body carries besides its `id`. The API compares them to
 * tell a kept line from a changed one and copies them on insert; the contract form and card show them.
 */
export const CONTRAT_LIGNE_FIELDS = {
  etablissement: Object.keys(etablissementLineFields) as readonly (keyof ContratEtablissementLigneBody)[],
  client: Object.keys(clientLineFields) as readonly (keyof ContratClientLigneBody)[],
};
/** A field a tariff line of either kind may have. */
export type ContratLigneField = keyof ContratEtablissementLigneBody | keyof ContratClientLigneBody;

const clientHeaderFields = {
  ...headerFields,
  clientId: Id,
  /** Daily PAF / CAF amounts per resident and night; default '0.00'. */
  montantPafJour: Type.Optional(Money),
  montantCafJour: Type.Optional(Money),
};
export const ContratClientBody = object({ ...clientHeaderFields, lignes: lignes(ContratClientLigneBody) });
export const ContratClientUpdateBody = object({
  ...clientHeaderFields,
  lignes: lignes(ContratClientLigneUpdateBody),
});
export type ContratClientBody = Static<typeof ContratClientBody>;
export type ContratClientUpdateBody = Static<typeof ContratClientUpdateBody>;

export const ContratClientLigne = object({
  ...lineOut,
  etablissementId: Nullable(Type.Integer()),
  etablissementNom: Nullable(Type.String()),
});
export type ContratClientLigne = Static<typeof ContratClientLigne>;

const clientHeaderOut = {
  ...headerOut,
  clientId: Type.Integer(),
  clientNom: Type.String(),
  montantPafJour: Type.String(),
  montantCafJour: Type.String(),
};
export const ContratClient = object(clientHeaderOut);
export type ContratClient = Static<typeof ContratClient>;
export const ContratClientDetail = object({ ...clientHeaderOut, lignes: Type.Array(ContratClientLigne) });
export type ContratClientDetail = Static<typeof ContratClientDetail>;

// Lists, status ----------------------------------------------------------------------------------------

export const CONTRAT_SORTS = ['reference', 'dateDebut', 'dateFin'] as const;
export type ContratSort = (typeof CONTRAT_SORTS)[number];

const listFields = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  /** Default: dateDebut, most recent first. */
  sort: Type.Optional(Type.Enum(CONTRAT_SORTS)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  /** Substring of the reference, case and accents aside. */
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  statut: Type.Optional(ContratStatutSchema),
};
export const ContratEtablissementQuery = object({ ...listFields, etablissementId: Type.Optional(Id) });
export const ContratClientQuery = object({ ...listFields, clientId: Type.Optional(Id) });
export type ContratEtablissementQuery = Static<typeof ContratEtablissementQuery>;
export type ContratClientQuery = Static<typeof ContratClientQuery>;

/** PUT /contrats-…/:id/statut: follows CONTRAT_TRANSITIONS, otherwise 409 « Transition impossible : … ». */
export const ContratStatutBody = object({ statut: ContratStatutSchema });
export type ContratStatutBody = Static<typeof ContratStatutBody>;

// ---------------------------------------------------------------------------------------------------------
// The spec's calls (§7 Contracts): snake_case, as the spec shows them
// ---------------------------------------------------------------------------------------------------------

/** Most contracts a `filter` call answers (they feed selects). */
export const MAX_CONTRATS_FILTER = 200;
/** Most residents a pensionnaires search answers. */
export const MAX_PENSIONNAIRES_SEARCH = 50;

const summaryFields = {
  id: Type.Integer(),
  reference: Type.String(),
  date_debut: Type.String(),
  date_fin: Type.String(),
  statut: ContratStatutSchema,
  mode_tarification: ModeTarificationSchema,
  taux_tva_nuitee: Type.String(),
  taux_tva_repas: Type.String(),
  delai_alerte_jours: Type.Integer(),
};

export const ContratClientResume = object({
  ...summaryFields,
  client_id: Type.Integer(),
  client_nom: Type.String(),
  montant_paf_jour: Type.String(),
  montant_caf_jour: Type.String(),
});
export type ContratClientResume = Static<typeof ContratClientResume>;

export const ContratEtablissementResume = object({
  ...summaryFields,
  etablissement_id: Type.Integer(),
  etablissement_nom: Type.String(),
});
export type ContratEtablissementResume = Static<typeof ContratEtablissementResume>;

/** POST /contrat_client/available: the client's `actif` contracts covering [start_date, end_date). */
export const ContratClientAvailableBody = object({
  client_id: Id,
  start_date: Day,
  /** Departure day. */
  end_date: Day,
});
export type ContratClientAvailableBody = Static<typeof ContratClientAvailableBody>;
export const ContratsClientAnswer = object({ contrats: Type.Array(ContratClientResume) });
export type ContratsClientAnswer = Static<typeof ContratsClientAnswer>;

const filterFields = {
  statut: Type.Optional(ContratStatutSchema),
  /** Substring of the reference, case and accents aside. */
  search: Type.Optional(Type.String({ maxLength: 100 })),
};
export const ContratClientFilterQuery = object({ client_id: Type.Optional(Id), ...filterFields });
export type ContratClientFilterQuery = Static<typeof ContratClientFilterQuery>;
export const ContratEtablissementFilterQuery = object({
  etablissement_id: Type.Optional(Id),
  ...filterFields,
});
export type ContratEtablissementFilterQuery = Static<typeof ContratEtablissementFilterQuery>;
export const ContratsEtablissementAnswer = object({ contrats: Type.Array(ContratEtablissementResume) });
export type ContratsEtablissementAnswer = Static<typeof ContratsEtablissementAnswer>;

/** POST /contrat_etablissement/available */
export const ContratEtablissementAvailableBody = object({
  start_date: Day,
  /** Departure day. */
  end_date: Day,
  type_chambre_id: Type.Optional(Id),
  /** Rooms wanted every night; default 1. */
  nombre_chambres: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
  /** The city asked for: a substring of the hotel's city, case and accents aside (perimetre `ville`). */
  ville: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  /**
   * How far from `ville` (perimetre-values.ts): `ville` (default) its hotels only; `proximite` also the hotels of
   * its département (postcode), Paris with its inner ring; `tous` every hotel. Beyond `ville`, the city's hotels
   * come first. Without `ville`, every hotel.
   */
  perimetre: Type.Optional(Type.Enum(PERIMETRES)),
});
export type ContratEtablissementAvailableBody = Static<typeof ContratEtablissementAvailableBody>;

export const DisponibiliteTypeChambre = object({
  id: Type.Integer(),
  libelle: Type.String(),
  capacite: Type.Integer(),
  /** Fewest free rooms of this type over the nights asked (allotment − rooms taken); null = no limit. */
  chambres_libres: Nullable(Type.Integer()),
});
export const DisponibiliteEtablissement = object({
  etablissement: object({
    id: Type.Integer(),
    nom: Type.String(),
    ville: Type.String(),
    code_postal: Type.String(),
  }),
  contrat: object({
    id: Type.Integer(),
    reference: Type.String(),
    date_debut: Type.String(),
    date_fin: Type.String(),
    mode_tarification: ModeTarificationSchema,
  }),
  type_chambres: Type.Array(DisponibiliteTypeChambre),
});
export type DisponibiliteEtablissement = Static<typeof DisponibiliteEtablissement>;
/** Hotels in the order they are offered: the requested city's first (beyond `ville`), then by name in French. */
export const ContratsEtablissementsAnswer = object({
  contrats_etablissements: Type.Array(DisponibiliteEtablissement),
  /** With perimetre `proximite`: the départements looked in (empty when the city is unknown). */
  departements: Type.Optional(Type.Array(Type.String())),
});
export type ContratsEtablissementsAnswer = Static<typeof ContratsEtablissementsAnswer>;

/** GET /contrat_etablissement/type_chambres/:contratId/:etablissementId?start_date&end_date */
export const TypeChambresParams = object({ contratId: Id, etablissementId: Id });
export const TypeChambresQuery = object({
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
});
export type TypeChambresQuery = Static<typeof TypeChambresQuery>;
export const TarifPeriode = object({
  tarif_id: Type.Integer(),
  /** The line's period, cut to the period asked. */
  date_debut: Type.String(),
  date_fin: Type.String(),
  nombre_nuits: Type.Integer(),
  prix_nuitee_ht: Type.String(),
  prix_petit_dejeuner_ht: Type.String(),
  prix_dejeuner_ht: Type.String(),
  prix_diner_ht: Type.String(),
  allotement: Nullable(Type.Integer()),
  /** Fewest free rooms over the nights of this sub-period; null = no limit. */
  chambres_libres: Nullable(Type.Integer()),
});
export const TypeChambreData = object({
  id: Type.Integer(),
  libelle: Type.String(),
  capacite: Type.Integer(),
  /** true when the lines price every night of the period asked (always true without a period). */
  couvre_periode: Type.Boolean(),
  /** One entry per sub-period with its own price, in date order. */
  tarifs: Type.Array(TarifPeriode),
});
export type TypeChambreData = Static<typeof TypeChambreData>;
export const TypeChambresAnswer = object({ type_chambres_data: Type.Array(TypeChambreData) });
export type TypeChambresAnswer = Static<typeof TypeChambresAnswer>;

/** GET /contrat_client/pensionnaires/search/:clientId/:contratId?search&start_date&end_date */
export const PensionnairesSearchParams = object({ clientId: Id, contratId: Id });
export const PensionnairesSearchQuery = object({
  /** Words matched, each as a substring of nom, prenom or numero_dossier, case and accents aside. */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /**
   * Arrival day of the stay being booked: `deja_heberge` looks at its nights only, [start_date, end_date), as the
   * one-bed-per-night rule does. Without it, from today (the spec's call names only end_date).
   */
  start_date: Type.Optional(Day),
  /** Departure day of the stay being booked (excluded); without it, every night from start_date on. */
  end_date: Type.Optional(Day),
});
export type PensionnairesSearchQuery = Static<typeof PensionnairesSearchQuery>;
export const PensionnaireTrouve = object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  numero_dossier: Type.String(),
  date_naissance: Nullable(Type.String()),
  sexe: Type.String(),
  foyer_id: Nullable(Type.Integer()),
  /**
   * Already has a non-cancelled night in [start_date (default today), end_date): booking them on those dates would
   * break the one-bed-per-night rule, so the screen does not offer them. A stay on other nights is no conflict.
   */
  deja_heberge: Type.Boolean(),
});
export type PensionnaireTrouve = Static<typeof PensionnaireTrouve>;
export const PensionnairesAnswer = object({ pensionnaires: Type.Array(PensionnaireTrouve) });
export type PensionnairesAnswer = Static<typeof PensionnairesAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Meals (read-only)
// ---------------------------------------------------------------------------------------------------------

export const REPAS_PATH = '/repas';
export const Repas = object({
  id: Type.Integer(),
  code: Type.String(),
  libelle: Type.String(),
  ordre: Type.Integer(),
});
export type Repas = Static<typeof Repas>;
export const RepasList = object({ data: Type.Array(Repas), total: Type.Integer({ minimum: 0 }) });
export type RepasList = Static<typeof RepasList>;
