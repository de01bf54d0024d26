import { Type, type Static, type TSchema } from 'typebox';
import { DemandeItem } from './demandes';
import { SEXES } from './enums';
import { ListQuery } from './list';
import { sejourResumeFields } from './reservations';

/**
 * Households (foyers): one client's residents housed together (docs/domain.md « Households », docs/api.md
 * « Foyers »). The household and its members are reference data, in camelCase like the residents; the card's stays
 * and requests keep the snake_case of the reservation and request calls they come from.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

export const FOYERS_PATHS = {
  list: '/foyers',
  /** `${list}/:id/membres/:pensionnaireId`: PUT adds (or moves) a resident, DELETE removes one. */
  membres: 'membres',
} as const;

/** Longest list of member names a list row carries; `nombreMembres` is the full count. */
export const FOYER_MEMBRES_APERCU = 6;

/**
 * `GET /foyers?page&pageSize&sort&order&recherche&nom&membre&clientId&archived`. `recherche`: the household's name
 * or a member's name (« Diallo », « Awa Diallo », « Diallo Awa »); `nom` / `membre`: one of the two only.
 */
export const FOYER_SORTS = ['nom', 'client', 'nombreMembres', 'createdAt'] as const;
export const FoyerQuery = ListQuery(['recherche', 'nom', 'membre'], FOYER_SORTS, ['clientId']);
export type FoyerQuery = Static<typeof FoyerQuery>;

export const FoyerMembre = object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
});
export type FoyerMembre = Static<typeof FoyerMembre>;

export const FoyerItem = object({
  id: Type.Integer(),
  nom: Type.String(),
  clientId: Type.Integer(),
  clientNom: Type.String(),
  notes: Nullable(Type.String()),
  nombreMembres: Type.Integer({ minimum: 0 }),
  /** The first FOYER_MEMBRES_APERCU members by name. */
  membres: Type.Array(FoyerMembre),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  archivedAt: Nullable(Type.String()),
});
export type FoyerItem = Static<typeof FoyerItem>;

export const FoyerListAnswer = object({ data: Type.Array(FoyerItem), total: Type.Integer({ minimum: 0 }) });
export type FoyerListAnswer = Static<typeof FoyerListAnswer>;

export const FoyerMembreDetail = object({
  id: Type.Integer(),
  nom: Type.String(),
  prenom: Type.String(),
  numeroDossier: Type.String(),
  dateNaissance: Nullable(Type.String()),
  sexe: Type.Enum(SEXES),
  archivedAt: Nullable(Type.String()),
});
export type FoyerMembreDetail = Static<typeof FoyerMembreDetail>;

/** A stay of a member, current or past; `statut_libelle` is RESERVATION_STATUT_LABELS' French label. */
export const FoyerSejour = object({
  ...sejourResumeFields,
  statut_libelle: Type.String(),
  /** Not cancelled and not over (its departure day is after today). */
  actuel: Type.Boolean(),
});
export type FoyerSejour = Static<typeof FoyerSejour>;

export const FoyerDetail = object({
  ...FoyerItem.properties,
  membres: Type.Array(FoyerMembreDetail),
  /** The members' stays: current ones first (by arrival), then past ones (latest first). */
  sejours: Type.Array(FoyerSejour),
  /** Requests for the household or naming one of its members, newest first. */
  demandes: Type.Array(DemandeItem),
});
export type FoyerDetail = Static<typeof FoyerDetail>;

export const FoyerIdParams = object({ id: Id });
export const FoyerMembreParams = object({ id: Id, pensionnaireId: Id });

export const FoyerCreateBody = object({
  clientId: Id,
  nom: Type.String({ minLength: 1, maxLength: 120 }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
export type FoyerCreateBody = Static<typeof FoyerCreateBody>;

/** Rename (and notes). The client never changes: its members belong to it. */
export const FoyerUpdateBody = object({
  nom: Type.String({ minLength: 1, maxLength: 120 }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
export type FoyerUpdateBody = Static<typeof FoyerUpdateBody>;

export const FoyerWritten = object({ message: Type.String(), data: FoyerItem });
export type FoyerWritten = Static<typeof FoyerWritten>;

/** The API's French messages about households (the mocks answer the same). */
export const FOYER_MESSAGES = {
  notFound: 'Foyer introuvable.',
  clientUnknown: "Le client indiqué n'existe pas ou est archivé.",
  archived: (nom: string) => `Le foyer « ${nom} » est archivé : il ne peut plus être modifié.`,
  pensionnaireNotFound: 'Pensionnaire introuvable.',
  otherClient:
    'Ce pensionnaire appartient à un autre client que le foyer : un foyer ne mélange pas les clients.',
  pensionnaireArchived: (nom: string) => `${nom} est archivé : restaurez-le avant de l'ajouter à un foyer.`,
  alreadyMember: (nom: string, foyer: string) => `${nom} fait déjà partie du foyer « ${foyer} ».`,
  notMember: (nom: string, foyer: string) => `${nom} ne fait pas partie du foyer « ${foyer} ».`,
  created: (nom: string) => `Le foyer « ${nom} » a été créé.`,
  updated: (nom: string) => `Le foyer « ${nom} » a été modifié.`,
  /** `from`: the household the resident leaves, if any. */
  added: (nom: string, foyer: string, from: string | null) =>
    `${nom} a été ajouté au foyer « ${foyer} »${from === null ? '' : ` (il quitte le foyer « ${from} »)`}.`,
  removed: (nom: string, foyer: string) => `${nom} a été retiré du foyer « ${foyer} ».`,
} as const;
