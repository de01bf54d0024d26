import { Type, type Static, type TSchema } from 'typebox';
import { BirthDate } from './birth-date';
import { CLIENT_TYPES, SEXES } from './enums';
import { ListQuery } from './list';

export { REFERENTIEL_PATHS } from './referentiel-values';

/** JSON of reference data uses the camelCase names of the schema; timestamps are ISO strings. */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const optionalText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));
const email = Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 })));
const telephone = Type.Optional(Nullable(Type.String({ pattern: '^[0-9+() .-]{6,20}$' })));
const codePostal = Type.String({ pattern: '^[0-9]{5}$' });
const foreignKey = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

const recordMeta = {
  id: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  archivedAt: Nullable(Type.String()),
};

/** The write body of an entity: its fields, nothing else (unknown fields → 400). */
const body = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
const item = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object({ ...recordMeta, ...properties }, { additionalProperties: false });

/** A reference list's query: its search columns are its sort columns too, with `createdAt`. */
const referenceQuery = <
  const C extends readonly [string, ...string[]],
  const E extends readonly string[] = [],
>(
  searchable: C,
  exact?: E,
) => ListQuery(searchable, [...searchable, 'createdAt'], exact);

// Groups (of hotels, of clients): a name.
const groupeFields = { nom: text(120) };
export const GroupeBody = body(groupeFields);
export const Groupe = item(groupeFields);
export type Groupe = Static<typeof Groupe>;
export type GroupeBody = Static<typeof GroupeBody>;
export const GroupeQuery = referenceQuery(['nom']);

const etablissementFields = {
  nom: text(160),
  groupeId: Type.Optional(Nullable(foreignKey)),
  adresse: text(240),
  codePostal,
  ville: text(120),
  telephone,
  email,
  nombreChambres: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10_000 }))),
  notes: optionalText(2000),
};
export const EtablissementBody = body(etablissementFields);
export const Etablissement = item({
  ...etablissementFields,
  groupeId: Nullable(Type.Integer()),
  telephone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  nombreChambres: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
});
export type Etablissement = Static<typeof Etablissement>;
export type EtablissementBody = Static<typeof EtablissementBody>;
export const EtablissementQuery = referenceQuery(['nom', 'ville', 'codePostal']);

const typeChambreFields = {
  libelle: text(80),
  capacite: Type.Integer({ minimum: 1, maximum: 12 }),
  description: optionalText(500),
};
export const TypeChambreBody = body(typeChambreFields);
export const TypeChambre = item({ ...typeChambreFields, description: Nullable(Type.String()) });
export type TypeChambre = Static<typeof TypeChambre>;
export type TypeChambreBody = Static<typeof TypeChambreBody>;
export const TypeChambreQuery = referenceQuery(['libelle', 'capacite']);

const clientFields = {
  nom: text(200),
  groupeId: Type.Optional(Nullable(foreignKey)),
  type: Type.Enum(CLIENT_TYPES),
  siret: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{14}$' }))),
  adresse: text(240),
  codePostal,
  ville: text(120),
  contactNom: optionalText(160),
  email,
  telephone,
};
export const ClientBody = body(clientFields);
export const Client = item({
  ...clientFields,
  groupeId: Nullable(Type.Integer()),
  siret: Nullable(Type.String()),
  contactNom: Nullable(Type.String()),
  email: Nullable(Type.String()),
  telephone: Nullable(Type.String()),
});
export type Client = Static<typeof Client>;
export type ClientBody = Static<typeof ClientBody>;
export const ClientQuery = referenceQuery(['nom', 'ville', 'type']);

const pensionnaireFields = {
  clientId: foreignKey,
  foyerId: Type.Optional(Nullable(foreignKey)),
  nom: text(120),
  prenom: text(120),
  dateNaissance: Type.Optional(Nullable(BirthDate)),
  sexe: Type.Enum(SEXES),
  numeroDossier: text(40),
  telephone,
  email,
  notes: optionalText(2000),
};
export const PensionnaireBody = body(pensionnaireFields);
export const Pensionnaire = item({
  ...pensionnaireFields,
  foyerId: Nullable(Type.Integer()),
  dateNaissance: Nullable(Type.String()),
  telephone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  notes: Nullable(Type.String()),
});
export type Pensionnaire = Static<typeof Pensionnaire>;
export type PensionnaireBody = Static<typeof PensionnaireBody>;
/**
 * The resident fields an agent may correct (`PATCH /pensionnaires/:id`): their contact details and the spelling of
 * their name, read from an identity document at the desk. The client, the file number, the sex and the household
 * identify the resident for the client and the rooms: an administrator's (docs/auth.md « Roles »).
 */
export const PENSIONNAIRE_AGENT_FIELDS = [
  'nom',
  'prenom',
  'dateNaissance',
  'telephone',
  'email',
  'notes',
] as const satisfies readonly (keyof PensionnaireBody)[];
export type PensionnaireAgentField = (typeof PENSIONNAIRE_AGENT_FIELDS)[number];
/** A partial update: only the fields sent change (at least one); `null` clears an optional one. */
export const PensionnairePatchBody = Type.Partial(PensionnaireBody, {
  additionalProperties: false,
  minProperties: 1,
});
export type PensionnairePatchBody = Static<typeof PensionnairePatchBody>;

/** The resident's fields as a sentence names them, in the body's order. */
const PENSIONNAIRE_FIELD_NAMES: Record<keyof PensionnaireBody, string> = {
  clientId: 'le client',
  foyerId: 'le foyer',
  nom: 'le nom',
  prenom: 'le prénom',
  dateNaissance: 'la date de naissance',
  sexe: 'le sexe',
  numeroDossier: 'le numéro de dossier',
  telephone: 'le téléphone',
  email: 'l’e-mail',
  notes: 'les notes',
};

/** « le sexe et le numéro de dossier »: the fields named, in the body's order. */
function fieldNames(fields: readonly string[]): string {
  const names = Object.entries(PENSIONNAIRE_FIELD_NAMES)
    .filter(([field]) => fields.includes(field))
    .map(([, name]) => name);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
}

/** The 403 of an agent's PATCH naming fields outside PENSIONNAIRE_AGENT_FIELDS. */
export const pensionnaireAgentRefusal = (fields: readonly string[]): string =>
  `Seul un administrateur peut modifier ${fieldNames(fields)} d’un pensionnaire. ` +
  `Un agent peut corriger ${fieldNames(PENSIONNAIRE_AGENT_FIELDS)}.`;
export const PensionnaireQuery = referenceQuery(['nom', 'prenom', 'numeroDossier'], ['clientId']);
