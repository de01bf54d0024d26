import { Type, type Static, type TSchema } from 'typebox';
import { FLUX_PAIEMENT, type FluxPaiement } from './reservations';

/**
 * Statistics (issue 13): read-only aggregations over the nights, for the screens StatsPerPax, StatsPerMonth and
 * StatsPerCa. The spec names no call: these are the product's own, so their fields are camelCase. Every figure is a
 * sum over non-cancelled nights (docs/domain.md « Statistics »); money is a decimal string with two decimals.
 */

export const STATS_PATHS = {
  pax: '/stats/pax',
  mois: '/stats/mois',
  ca: '/stats/ca',
} as const;

export const STATS_VUES = ['pax', 'mois', 'ca'] as const;
export type StatsVue = (typeof STATS_VUES)[number];

/** GET /stats/<vue>/excel: the Excel file of one table of a view. */
export const statsExcelPath = (vue: StatsVue) => `${STATS_PATHS[vue]}/excel`;

/** A period holds at most this many months (400 beyond). */
export const STATS_MAX_MOIS = 36;

/** The French 400 of a bad period (the API's, repeated by the mocks). */
export const STATS_PERIOD_MESSAGES = {
  order: 'Le mois de fin (fin) doit être le mois de début (debut) ou un mois postérieur.',
  length: `La période ne peut pas dépasser ${STATS_MAX_MOIS} mois.`,
} as const;

/** Stay-length classes, in nights (a stay = a reservation and its chain of extensions). */
export const DUREE_TRANCHES = [
  { tranche: '1-7', libelle: '1 à 7 nuits', min: 1, max: 7 },
  { tranche: '8-14', libelle: '8 à 14 nuits', min: 8, max: 14 },
  { tranche: '15-30', libelle: '15 à 30 nuits', min: 15, max: 30 },
  { tranche: '31-90', libelle: '31 à 90 nuits', min: 31, max: 90 },
  { tranche: '91-180', libelle: '91 à 180 nuits', min: 91, max: 180 },
  { tranche: '181+', libelle: 'Plus de 180 nuits', min: 181, max: null },
] as const;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Count = Type.Integer({ minimum: 0 });
const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** A calendar month 'YYYY-MM', years 1900–2100 like the days of the contract. */
export const Mois = Type.String({ pattern: '^((19|20)\\d{2}|2100)-(0[1-9]|1[0-2])$' });

export const statsFilterFields = {
  /** First month of the period, included. */
  debut: Mois,
  /** Last month of the period, included (400 when before `debut` or more than STATS_MAX_MOIS months). */
  fin: Mois,
  clientId: Type.Optional(Id),
  etablissementId: Type.Optional(Id),
  groupeClientId: Type.Optional(Id),
  groupeEtablissementId: Type.Optional(Id),
};

/** The query of every stats call: the period (months) and the client / hotel / group filters. */
export const StatsQuery = object(statsFilterFields);
export type StatsQuery = Static<typeof StatsQuery>;

/** The period the answer covers, as months and as the half-open days `[dateDebut, dateFin)` of its nights. */
export const StatsPeriode = object({
  debut: Mois,
  fin: Mois,
  dateDebut: Type.String(),
  dateFin: Type.String(),
});
export type StatsPeriode = Static<typeof StatsPeriode>;

// ---------------------------------------------------------------------------------------------------------
// GET /stats/pax
// ---------------------------------------------------------------------------------------------------------

const activite = {
  /** Distinct residents with at least one night in the period. */
  pax: Count,
  /** Distinct stays (reservations) with at least one night in the period. */
  reservations: Count,
  nuitees: Count,
};
const mouvements = {
  /** Stays (a reservation and its chain of extensions) whose first night is in the period. */
  arrivees: Count,
  /** Stays whose last night is in the period (the resident leaves the next morning). */
  departs: Count,
};

export const PaxTotaux = object({
  ...activite,
  ...mouvements,
  /** Stays (chains of extensions) with at least one night in the period. */
  sejours: Count,
  /** Average length of those stays, in nights (all their nights, in or out of the period), one decimal. */
  dureeMoyenne: Type.Number({ minimum: 0 }),
});
export type PaxTotaux = Static<typeof PaxTotaux>;

export const PaxLigne = object({ id: Id, libelle: Type.String(), ...activite, ...mouvements });
export type PaxLigne = Static<typeof PaxLigne>;

export const PaxTypeChambre = object({ id: Id, libelle: Type.String(), ...activite });
export type PaxTypeChambre = Static<typeof PaxTypeChambre>;

export const PaxFoyer = object({
  /** Residents of one household housed in the period (6 = six or more; 1 = no household). */
  taille: Type.Integer({ minimum: 1, maximum: 6 }),
  libelle: Type.String(),
  foyers: Count,
  pax: Count,
  nuitees: Count,
});
export type PaxFoyer = Static<typeof PaxFoyer>;

export const PaxDuree = object({
  tranche: Type.String(),
  libelle: Type.String(),
  sejours: Count,
  nuitees: Count,
});
export type PaxDuree = Static<typeof PaxDuree>;

/** Rooms of contract allotments: used and guaranteed, in room-nights, per hotel (lines with an allotment only). */
export const OccupationLigne = object({
  id: Id,
  libelle: Type.String(),
  chambresOccupees: Count,
  chambresContractees: Count,
  /** chambresOccupees / chambresContractees in percent, one decimal; null without contracted rooms. */
  taux: Nullable(Type.Number({ minimum: 0 })),
});
export type OccupationLigne = Static<typeof OccupationLigne>;

export const StatsPaxAnswer = object({
  periode: StatsPeriode,
  totaux: PaxTotaux,
  parClient: Type.Array(PaxLigne),
  parEtablissement: Type.Array(PaxLigne),
  parTypeChambre: Type.Array(PaxTypeChambre),
  parTailleFoyer: Type.Array(PaxFoyer),
  durees: Type.Array(PaxDuree),
  occupation: Type.Array(OccupationLigne),
});
export type StatsPaxAnswer = Static<typeof StatsPaxAnswer>;

// ---------------------------------------------------------------------------------------------------------
// GET /stats/mois
// ---------------------------------------------------------------------------------------------------------

/** The measures of one month; the same names suffixed `Precedent` hold the same month of the previous year. */
export const MOIS_MESURES = [
  'pax',
  'reservations',
  'nuitees',
  'arrivees',
  'departs',
  'chambresOccupees',
  'chambresContractees',
] as const;
export type MoisMesure = (typeof MOIS_MESURES)[number];

const moisMesures = Object.fromEntries(
  MOIS_MESURES.flatMap((mesure) => [
    [mesure, Count],
    [`${mesure}Precedent`, Count],
  ]),
) as { [K in MoisMesure | `${MoisMesure}Precedent`]: typeof Count };

export const MoisLigne = object({
  mois: Mois,
  /** The same month a year earlier. */
  moisPrecedent: Mois,
  ...moisMesures,
  tauxOccupation: Nullable(Type.Number({ minimum: 0 })),
  tauxOccupationPrecedent: Nullable(Type.Number({ minimum: 0 })),
});
export type MoisLigne = Static<typeof MoisLigne>;

export const StatsMoisAnswer = object({
  periode: StatsPeriode,
  /** One row per month of the period, in order, months without nights included (zeros). */
  mois: Type.Array(MoisLigne),
});
export type StatsMoisAnswer = Static<typeof StatsMoisAnswer>;

// ---------------------------------------------------------------------------------------------------------
// GET /stats/ca
// ---------------------------------------------------------------------------------------------------------

const caFigures = {
  nuitees: Count,
  /** Nights pointed present: the « réel » reading of the rooming totals' `*_r`. */
  nuiteesReelles: Count,
  venteHt: Money,
  tva: Money,
  venteTtc: Money,
  achatHt: Money,
  /** venteHt − achatHt. */
  margeHt: Money,
  venteHtReelle: Money,
  venteTtcReelle: Money,
};
export const CaTotaux = object(caFigures);
export type CaTotaux = Static<typeof CaTotaux>;
export const CaMois = object({ mois: Mois, ...caFigures });
export type CaMois = Static<typeof CaMois>;
export const CaLigne = object({ id: Id, libelle: Type.String(), ...caFigures });
export type CaLigne = Static<typeof CaLigne>;

export const PAIEMENT_COLONNES = ['paye', 'nonPaye', 'aVerifier'] as const;

/** One payment stream over the period: nights and amounts per night state, for stays where the stream applies. */
export const PaiementLigne = object({
  flux: Type.Enum(FLUX_PAIEMENT),
  libelle: Type.String(),
  payeNuitees: Count,
  payeMontant: Money,
  nonPayeNuitees: Count,
  nonPayeMontant: Money,
  aVerifierNuitees: Count,
  aVerifierMontant: Money,
});
export type PaiementLigne = Static<typeof PaiementLigne> & { flux: FluxPaiement };

export const StatsCaAnswer = object({
  periode: StatsPeriode,
  totaux: CaTotaux,
  parMois: Type.Array(CaMois),
  parClient: Type.Array(CaLigne),
  parEtablissement: Type.Array(CaLigne),
  paiements: Type.Array(PaiementLigne),
});
export type StatsCaAnswer = Static<typeof StatsCaAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Tables: the columns a screen shows beside each chart and the Excel export of that table writes
// ---------------------------------------------------------------------------------------------------------

/** text; integer; money (decimal string); percent (number, one decimal); month ('YYYY-MM'). */
export type StatsColonneKind = 'text' | 'integer' | 'money' | 'percent' | 'month';

export interface StatsColonne {
  key: string;
  titre: string;
  kind: StatsColonneKind;
}

export interface StatsTableau {
  /** Title of the table and of its Excel sheet. */
  titre: string;
  /** The answer's array the rows come from. */
  source: string;
  colonnes: readonly StatsColonne[];
}

const col = (key: string, titre: string, kind: StatsColonneKind): StatsColonne => ({ key, titre, kind });
const activiteColonnes = [
  col('pax', 'Pax', 'integer'),
  col('reservations', 'Réservations', 'integer'),
  col('nuitees', 'Nuitées', 'integer'),
];
const mouvementColonnes = [col('arrivees', 'Arrivées', 'integer'), col('departs', 'Départs', 'integer')];
const caColonnes = [
  col('nuitees', 'Nuitées', 'integer'),
  col('venteHt', 'Vente HT', 'money'),
  col('tva', 'TVA', 'money'),
  col('venteTtc', 'Vente TTC', 'money'),
  col('achatHt', 'Achat HT', 'money'),
  col('margeHt', 'Marge HT', 'money'),
  col('nuiteesReelles', 'Nuitées réelles', 'integer'),
  col('venteHtReelle', 'Vente HT réelle', 'money'),
  col('venteTtcReelle', 'Vente TTC réelle', 'money'),
];
const moisPair = (key: MoisMesure | 'tauxOccupation', titre: string, kind: StatsColonneKind) => [
  col(key, titre, kind),
  col(`${key}Precedent`, `${titre} (N-1)`, kind),
];

/** Every table of every view, keyed by view then table id (`?tableau=` of the Excel export). */
export const STATS_TABLEAUX = {
  pax: {
    parClient: {
      titre: 'Par client',
      source: 'parClient',
      colonnes: [col('libelle', 'Client', 'text'), ...activiteColonnes, ...mouvementColonnes],
    },
    parEtablissement: {
      titre: 'Par établissement',
      source: 'parEtablissement',
      colonnes: [col('libelle', 'Établissement', 'text'), ...activiteColonnes, ...mouvementColonnes],
    },
    parTypeChambre: {
      titre: 'Par type de chambre',
      source: 'parTypeChambre',
      colonnes: [col('libelle', 'Type de chambre', 'text'), ...activiteColonnes],
    },
    parTailleFoyer: {
      titre: 'Par taille de foyer',
      source: 'parTailleFoyer',
      colonnes: [
        col('libelle', 'Taille du foyer', 'text'),
        col('foyers', 'Foyers', 'integer'),
        col('pax', 'Pax', 'integer'),
        col('nuitees', 'Nuitées', 'integer'),
      ],
    },
    durees: {
      titre: 'Durée des séjours',
      source: 'durees',
      colonnes: [
        col('libelle', 'Durée', 'text'),
        col('sejours', 'Séjours', 'integer'),
        col('nuitees', 'Nuitées des séjours', 'integer'),
      ],
    },
    occupation: {
      titre: 'Occupation des allotements',
      source: 'occupation',
      colonnes: [
        col('libelle', 'Établissement', 'text'),
        col('chambresOccupees', 'Chambres occupées (chambres-nuits)', 'integer'),
        col('chambresContractees', 'Chambres contractées (chambres-nuits)', 'integer'),
        col('taux', "Taux d'occupation", 'percent'),
      ],
    },
  },
  mois: {
    activite: {
      titre: 'Activité par mois',
      source: 'mois',
      colonnes: [
        col('mois', 'Mois', 'month'),
        ...moisPair('pax', 'Pax', 'integer'),
        ...moisPair('nuitees', 'Nuitées', 'integer'),
        ...moisPair('reservations', 'Réservations', 'integer'),
      ],
    },
    mouvements: {
      titre: 'Arrivées et départs par mois',
      source: 'mois',
      colonnes: [
        col('mois', 'Mois', 'month'),
        ...moisPair('arrivees', 'Arrivées', 'integer'),
        ...moisPair('departs', 'Départs', 'integer'),
      ],
    },
    occupation: {
      titre: 'Occupation des allotements par mois',
      source: 'mois',
      colonnes: [
        col('mois', 'Mois', 'month'),
        ...moisPair('chambresOccupees', 'Chambres occupées', 'integer'),
        ...moisPair('chambresContractees', 'Chambres contractées', 'integer'),
        ...moisPair('tauxOccupation', "Taux d'occupation", 'percent'),
      ],
    },
  },
  ca: {
    parMois: {
      titre: "Chiffre d'affaires par mois",
      source: 'parMois',
      colonnes: [col('mois', 'Mois', 'month'), ...caColonnes],
    },
    parClient: {
      titre: "Chiffre d'affaires par client",
      source: 'parClient',
      colonnes: [col('libelle', 'Client', 'text'), ...caColonnes],
    },
    parEtablissement: {
      titre: "Chiffre d'affaires par établissement",
      source: 'parEtablissement',
      colonnes: [col('libelle', 'Établissement', 'text'), ...caColonnes],
    },
    paiements: {
      titre: 'PAF et CAF',
      source: 'paiements',
      colonnes: [
        col('libelle', 'Flux', 'text'),
        col('payeNuitees', 'Nuitées payées', 'integer'),
        col('payeMontant', 'Montant payé', 'money'),
        col('nonPayeNuitees', 'Nuitées non payées', 'integer'),
        col('nonPayeMontant', 'Montant non payé', 'money'),
        col('aVerifierNuitees', 'Nuitées à vérifier', 'integer'),
        col('aVerifierMontant', 'Montant à vérifier', 'money'),
      ],
    },
  },
} as const satisfies Record<StatsVue, Record<string, StatsTableau>>;

export type StatsTableauKey<V extends StatsVue> = keyof (typeof STATS_TABLEAUX)[V] & string;

/** The query of an Excel export: the view's filters and the table. */
export const StatsExcelQuery = <V extends StatsVue>(vue: V) =>
  object({
    ...statsFilterFields,
    tableau: Type.Enum(Object.keys(STATS_TABLEAUX[vue]) as [StatsTableauKey<V>, ...StatsTableauKey<V>[]]),
  });

/** statistiques-pax-par-client-2026-11-24.xlsx: the view, the table in kebab case, the Paris day. */
export function statsExcelFileName(vue: StatsVue, tableau: string, day: string): string {
  const table = tableau.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `statistiques-${vue}-${table}-${day}.xlsx`;
}
