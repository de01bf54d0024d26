// Requests built from the published OpenAPI document alone (test/openapi-contract.test.ts): a valid request per
// operation (its required parameters and fields, or all of them, or all at their bounds; values drawn from each
// schema, ids of real rows by the field's name), and hostile variants of it, each saying whether the schema must
// refuse it. An operation added tomorrow is covered the day it appears in the document.
import { addDays } from 'shared/contract';
import type { InjectOptions } from 'fastify';
import type { DocumentAjv } from './openapi-ajv';

export type Schema = Record<string, unknown>;

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
  /** A parameter sent as JSON text (`filters` of the rooming lists). */
  content?: Record<string, { schema?: Schema }>;
}

export interface DocumentResponse {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

export interface Operation {
  'x-acces'?: 'public' | 'user' | 'admin' | 'client';
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, DocumentResponse>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface DocumentOperation {
  method: string;
  path: string;
  operation: Operation;
  /** `POST /api/clients/` */
  label: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the document, in its order. */
export function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
        label: `${method.toUpperCase()} ${path}`,
      })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Schemas

/** The JSON types a schema accepts (its anyOf branches together); an enum of strings is a string. */
export function typesOf(schema: Schema | undefined): Set<string> {
  if (schema === undefined) return new Set();
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches !== undefined) return new Set(branches.flatMap((branch) => [...typesOf(branch)]));
  const types = new Set(
    (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(Boolean) as string[],
  );
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  for (const value of values) types.add(value === null ? 'null' : typeof value);
  return types;
}

/** The branch of a schema that is not `null` (an optional value is `anyOf: [T, null]`). */
const nonNull = (schema: Schema): Schema => {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return branches?.find((branch) => !typesOf(branch).has('null') || typesOf(branch).size > 1) ?? schema;
};

/** Whether a string field takes only some strings (a list, a format, a pattern): an arbitrary text is refused. */
export const closedText = (schema: Schema): boolean => {
  const field = nonNull(schema);
  return (
    Array.isArray(field.enum) ||
    'const' in field ||
    typeof field.format === 'string' ||
    typeof field.pattern === 'string'
  );
};

const isNumeric = (schema: Schema) => {
  const types = typesOf(schema);
  return types.size > 0 && [...types].every((type) => ['integer', 'number', 'null'].includes(type));
};

const isDay = (schema: Schema) => ['date', 'birth-date'].includes(String(nonNull(schema).format));

// ---------------------------------------------------------------------------------------------------------
// Valid values

/** What the rows of the test's world are, by kind: a field or path parameter naming one gets its id. */
export type Entity =
  | 'client'
  | 'etablissement'
  | 'typeChambre'
  | 'pensionnaire'
  | 'contratClient'
  | 'contratEtablissement'
  | 'foyer'
  | 'groupeClient'
  | 'groupeEtablissement'
  | 'reservation'
  | 'reservationMere'
  | 'demande'
  | 'communication'
  | 'courriel'
  | 'task'
  | 'notification'
  | 'user'
  | 'cle'
  | 'factureEtablissement'
  | 'facture';

export interface SampleContext {
  ajv: DocumentAjv;
  ids: Record<Entity, number>;
  /** The Paris day; periods are built around it. */
  today: string;
  /** The external reference of a request a client organisation filed (`:reference`). */
  reference: string;
  /** The password of the accounts the test creates (`currentPassword`). */
  password: string;
  /**
   * `minimal` (the default): the required parameters and fields only. `complete`: every optional one too, one item
   * in each list. `bounds`: complete, at the schemas' edges — integers at their maximum (ids excepted), texts at their
   * longest, periods from 1900-01-01 to 2100-12-31.
   */
  fill?: 'minimal' | 'complete' | 'bounds';
}

const complete = (context: SampleContext) => context.fill === 'complete' || context.fill === 'bounds';

/** Body fields and query parameters naming a row, by name. */
const FIELD_ENTITIES: [RegExp, Entity][] = [
  [/^client_?id$/i, 'client'],
  [/^etablissement_?id$/i, 'etablissement'],
  [/^type_?chambre_?id$/i, 'typeChambre'],
  [/^pensionnaire_?ids?$/i, 'pensionnaire'],
  [/^contrat_client_id$/, 'contratClient'],
  [/^contrat_etablissement_id$/, 'contratEtablissement'],
  [/^foyer_?id$/i, 'foyer'],
  [/^id_reservation_mere$/, 'reservationMere'],
  [/^reservation_ids?$/, 'reservation'],
  [/^demande_ids?$/, 'demande'],
  [/^(userIds|utilisateur)$/, 'user'],
  [/^communication$/, 'communication'],
];

/** `:id` by the resource the path names (the first match wins). */
const PATH_ID_ENTITIES: [RegExp, Entity][] = [
  [/^\/api\/users\//, 'user'],
  [/^\/api\/groupes-etablissements\//, 'groupeEtablissement'],
  [/^\/api\/etablissements\//, 'etablissement'],
  [/^\/api\/types-chambre\//, 'typeChambre'],
  [/^\/api\/groupes-clients\//, 'groupeClient'],
  [/^\/api\/clients\//, 'client'],
  [/^\/api\/pensionnaires\//, 'pensionnaire'],
  [/^\/api\/contrats-etablissement\//, 'contratEtablissement'],
  [/^\/api\/contrats-clients\//, 'contratClient'],
  [/^\/api\/foyers\//, 'foyer'],
  [/^\/api\/courriels\//, 'courriel'],
  [/^\/api\/tasks\//, 'task'],
  [/^\/api\/notifications\//, 'notification'],
  [/^\/api\/communication\/pensionnaire\//, 'pensionnaire'],
  [/^\/api\/communication\/send_communication\//, 'demande'],
  [/^\/api\/communication\//, 'communication'],
  [
    /^\/api\/(demande\/communication|demande_hebergement|resas_per_demande|demandes_hebergement_previous)\//,
    'demande',
  ],
  [/^\/api\/factures-etablissements\//, 'factureEtablissement'],
  [/^\/api\/facturation\/factures\//, 'facture'],
  [/^\/api\/reservations_integrales\//, 'reservationMere'],
  [/^\/api\/reservations\//, 'reservation'],
];

let counter = 0;

const END_DAY = /(end|fin)(_date)?$|date_fin|dateFin|^fin$/i;

/** A day for a field, by its name: a period starts in two days and lasts a week (at the bounds: 1900 to 2100). */
function dayFor(name: string, { today, fill }: SampleContext): string {
  if (fill === 'bounds') return END_DAY.test(name) && !/naissance/i.test(name) ? '2100-12-31' : '1900-01-01';
  if (/naissance/i.test(name)) return '1985-04-12';
  if (END_DAY.test(name)) return addDays(today, 9);
  if (/nuit/i.test(name)) return addDays(today, -1);
  return addDays(today, 2);
}

/** Texts that meet the document's patterns (postcode, SIRET, phone, money, rate, month, reset token, link, digest…). */
const patternCandidates = (today: string) => [
  today.slice(0, 7),
  '75001',
  '12345678901234',
  '01 23 45 67 89',
  '10.00',
  'contrat-0001',
  'A'.repeat(43),
  '/notifications',
  today,
  // A SHA-256 in hex (a release's files).
  '0'.repeat(64),
  // The invoicing settings: a country code, a SIREN, a VAT number, an IBAN and a BIC.
  'FR',
  '123456789',
  'FR32123456789',
  'FR7630006000011234567890189',
  'AGRIFRPP',
];

function textFor(schema: Schema, name: string, context: SampleContext, cache: Map<string, unknown>): string {
  counter += 1;
  if (schema.format === 'email') return `contrat.${counter}@exemple.fr`;
  if (isDay(schema)) return dayFor(name, context);
  if (typeof schema.pattern === 'string') {
    const key = JSON.stringify(schema);
    if (!cache.has(key)) {
      const validate = context.ajv.compile(schema);
      cache.set(
        key,
        patternCandidates(context.today).find((candidate) => validate(candidate)),
      );
    }
    return (cache.get(key) as string | undefined) ?? 'a';
  }
  const base = /^currentPassword$/.test(name)
    ? context.password
    : /password/i.test(name)
      ? `Contrat-Motdepasse-${counter}`
      : /nom|prenom|libelle|reference|dossier|title/i.test(name)
        ? `Contrat ${counter}`
        : 'Texte du contrat';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : base.length;
  if (context.fill === 'bounds' && typeof schema.maxLength === 'number') return `${base} `.padEnd(max, 'é');
  return base.padEnd(min, 'x').slice(0, Math.max(max, min));
}

/** The id of the row a field names, if it names one. */
function entityOfField(name: string, path: string): Entity | undefined {
  if (name === 'groupeId') return path.includes('/clients') ? 'groupeClient' : 'groupeEtablissement';
  return FIELD_ENTITIES.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * A value the schema accepts, as `context.fill` asks (by default as small as it can be: required properties only, the
 * fewest items, the first of a list); ids of the world's rows and days around today by the field's name.
 */
export function sampleOf(
  schema: Schema | undefined,
  name: string,
  path: string,
  context: SampleContext,
  cache = new Map<string, unknown>(),
): unknown {
  if (schema === undefined) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    const branch = nonNull(schema);
    return branch === schema ? null : sampleOf(branch, name, path, context, cache);
  }
  const [type] = typesOf(schema);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = complete(context) ? Object.keys(properties) : [...((schema.required ?? []) as string[])];
      const fewest = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      for (const key of Object.keys(properties))
        if (keys.length < fewest && !keys.includes(key)) keys.push(key);
      return Object.fromEntries(
        keys.map((key) => [key, sampleOf(properties[key], key, path, context, cache)]),
      );
    }
    case 'array': {
      const count = Math.max(
        typeof schema.minItems === 'number' ? schema.minItems : 0,
        complete(context) ? 1 : 0,
      );
      const items = schema.items as Schema | undefined;
      const values = Array.isArray(items?.enum) ? items.enum : undefined;
      return Array.from({ length: count }, (_, index) =>
        values !== undefined ? values[index % values.length] : sampleOf(items, name, path, context, cache),
      );
    }
    case 'integer':
    case 'number': {
      const entity = entityOfField(name, path);
      if (entity !== undefined) return context.ids[entity];
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
      if (context.fill === 'bounds') return maximum;
      return Math.min(Math.max(minimum, 1), maximum);
    }
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    case 'null':
      return null;
    case 'string':
      return textFor(schema, name, context, cache);
    default:
      return undefined;
  }
}

/** A path parameter's value: the row the path names, the other parameters by name. */
function pathValue(path: string, parameter: Parameter, context: SampleContext): string {
  const { ids } = context;
  switch (parameter.name) {
    case 'id': {
      if (path.includes('export_progress')) return 'contrat-0001';
      const entity = PATH_ID_ENTITIES.find(([pattern]) => pattern.test(path))?.[1];
      return String(entity === undefined ? 1 : ids[entity]);
    }
    case 'contratId':
      return String(path.includes('contrat_client') ? ids.contratClient : ids.contratEtablissement);
    case 'clientId':
      return String(ids.client);
    case 'etablissementId':
    case 'etablissement_id':
      return String(ids.etablissement);
    case 'id_reservation_mere':
      return String(ids.reservationMere);
    case 'pensionnaire_id':
    case 'pensionnaireId':
      return String(ids.pensionnaire);
    case 'cle_id':
      return String(ids.cle);
    case 'reference':
      return context.reference;
    case 'index':
      // The first attachment of the courriel.
      return '0';
    default: {
      const value = sampleOf(parameter.schema, parameter.name, path, context);
      return typeof value === 'string' ? value : JSON.stringify(value ?? 1);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** A request of an operation in parts, each part replaceable by a variant. */
export interface RequestParts {
  path: Record<string, string>;
  /** Query values as sent (a list is the parameter repeated). */
  query: Record<string, string | string[]>;
  /** JSON text of the body, undefined for none. */
  body?: string | undefined;
  contentType?: string | undefined;
}

export const jsonBodySchema = (operation: Operation): Schema | undefined =>
  operation.requestBody?.content?.['application/json']?.schema;

const parameters = (operation: Operation, where: string) =>
  (operation.parameters ?? []).filter((parameter) => parameter.in === where);

/** The schema of a query parameter (of its JSON content for a parameter sent as JSON). */
const parameterSchema = (parameter: Parameter): Schema | undefined =>
  parameter.schema ?? parameter.content?.['application/json']?.schema;

const queryText = (value: unknown, parameter: Parameter): string | string[] =>
  parameter.content !== undefined
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? value.map(String)
      : String(value);

/**
 * The valid request of an operation, filled as `context.fill` says; `problems`: where it breaks the document's own
 * schemas (a gap of this generator: the contract test requires none).
 */
export function validRequest(
  { path, operation }: DocumentOperation,
  context: SampleContext,
): RequestParts & { problems: string[] } {
  const problems: string[] = [];
  const check = (where: string, schema: Schema | undefined, value: unknown) => {
    if (schema === undefined || value === undefined) return;
    const validate = context.ajv.compile(schema);
    if (!validate(value))
      problems.push(`${where} ${JSON.stringify(value)} : ${JSON.stringify(validate.errors)}`);
  };
  const pathValues = Object.fromEntries(
    parameters(operation, 'path').map((parameter) => [parameter.name, pathValue(path, parameter, context)]),
  );
  const query: RequestParts['query'] = {};
  for (const parameter of parameters(operation, 'query').filter(
    (candidate) => candidate.required || complete(context),
  )) {
    const schema = parameterSchema(parameter);
    const value = sampleOf(schema, parameter.name, path, context);
    check(`query.${parameter.name}`, schema, value);
    query[parameter.name] = queryText(value, parameter);
  }
  const bodySchema = jsonBodySchema(operation);
  const body = bodySchema === undefined ? undefined : sampleOf(bodySchema, '', path, context);
  check('body', bodySchema, body);
  return {
    path: pathValues,
    query,
    ...(body !== undefined && { body: JSON.stringify(body), contentType: 'application/json' }),
    problems,
  };
}

/** The URL of a request: its path parameters put in (encoded unless `raw`), its query string. */
export function urlOf(path: string, parts: RequestParts, raw = new Set<string>()): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = parts.path[name] ?? '1';
    return raw.has(name) ? value : encodeURIComponent(value);
  });
  const query = Object.entries(parts.query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `${encodeURIComponent(key)}=${encodeURIComponent(item)}`,
      ),
    )
    .join('&');
  return query === '' ? filled : `${filled}?${query}`;
}

export function injectOf(
  { method, path }: DocumentOperation,
  parts: RequestParts,
  headers: Record<string, string>,
  raw?: Set<string>,
): InjectOptions {
  return {
    method: method,
    url: urlOf(path, parts, raw),
    headers: { ...headers, ...(parts.contentType !== undefined && { 'content-type': parts.contentType }) },
    ...(parts.body !== undefined && { payload: parts.body }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hostile variants

export interface Variant {
  /** `body.nom · chaîne énorme` */
  name: string;
  parts: RequestParts;
  /** Path parameters written as is (already encoded by the variant). */
  raw?: Set<string>;
  /** `refused`: the schema must answer 4xx; `safe`: it may be accepted, but never a 5xx. */
  expect: 'refused' | 'safe';
}

/**
 * Sizes of the variants: beyond the input guard's bounds (20,000 values, 32 levels: plugins/input-guards.ts), whose
 * own edges are tested beside it.
 */
export const HOSTILE = {
  hugeText: 200_000,
  hugeArray: 125_000,
  depth: 10_000,
} as const;

const NUL = 'a\u0000b';
/** RIGHT-TO-LEFT OVERRIDE: text that displays reversed (« Trojan Source »). */
const RTL = 'abc\u202Edef';
const IMPOSSIBLE_DAY = '2027-02-30';
const nestedArrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/**
 * Which of the candidate fields a kind of hostile value goes into: one, turning with the operation's index so that
 * successive operations spread the kinds over their fields (the suite's sample), or every one (a full sweep).
 */
type Spread = <T>(items: T[]) => T[];

/** JSON text of an object with one member written raw (what JSON.stringify cannot write: 1e999, NaN). */
function withRawMember(base: Record<string, unknown>, key: string, rawJson: string): string {
  const rest = JSON.stringify(Object.fromEntries(Object.entries(base).filter(([name]) => name !== key)));
  const member = `${JSON.stringify(key)}:${rawJson}`;
  return rest === '{}' ? `{${member}}` : `${rest.slice(0, -1)},${member}}`;
}

/** A value of a type the field does not take (object, text, number in turn), or undefined when it takes them all. */
function wrongTypeFor(schema: Schema): unknown {
  const types = typesOf(schema);
  if (types.size === 0) return undefined;
  if (!types.has('object')) return { a: 1 };
  if (!types.has('string') && !types.has('integer') && !types.has('number')) return 'abc';
  return undefined;
}

function bodyVariants(operation: Operation, valid: RequestParts, spread: Spread): Variant[] {
  const schema = jsonBodySchema(operation);
  const variants: Variant[] = [];
  const json = 'application/json';
  const add = (name: string, body: string | undefined, expect: Variant['expect'], contentType?: string) =>
    variants.push({
      name: `body${name}`,
      parts: { ...valid, body, contentType: body === undefined ? undefined : contentType },
      expect,
    });
  if (schema === undefined) {
    // No body expected: one sent anyway is ignored or refused, never a failure.
    add(' · JSON profond', `{"a":${nestedArrays(HOSTILE.depth)}}`, 'safe', json);
    add(' · text/plain', 'a=1', 'safe', 'text/plain');
    return variants;
  }
  const sample = (valid.body === undefined ? {} : JSON.parse(valid.body)) as Record<string, unknown>;
  const objectBody = typesOf(schema).has('object') && typeof sample === 'object' && sample !== null;
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const field = (name: string, value: unknown, expect: Variant['expect'], kind: string) =>
    add(`.${name} · ${kind}`, JSON.stringify({ ...sample, [name]: value }), expect, json);
  const raw = (name: string, rawJson: string, expect: Variant['expect'], kind: string) =>
    add(`.${name} · ${kind}`, withRawMember(sample, name, rawJson), expect, json);

  if (objectBody && properties.length > 0) {
    for (const [name, property] of spread(
      properties.filter(([, candidate]) => wrongTypeFor(candidate) !== undefined),
    ))
      field(name, wrongTypeFor(property), 'refused', 'mauvais type');

    const texts = properties.filter(([, property]) => typesOf(property).has('string'));
    for (const [name, property] of spread(texts)) {
      const bounded = closedText(property) || typeof nonNull(property).maxLength === 'number';
      field(name, 'x'.repeat(HOSTILE.hugeText), bounded ? 'refused' : 'safe', 'chaîne énorme (200 ko)');
      field(name, NUL, 'refused', 'caractère NUL');
      field(name, RTL, closedText(property) ? 'refused' : 'safe', 'RTL (U+202E)');
    }
    if (texts.length === 0) add(' · clé avec NUL', JSON.stringify({ ...sample, [NUL]: 1 }), 'refused', json);

    const lists = properties.filter(([, property]) => typesOf(property).has('array'));
    for (const [name, property] of spread(lists.length > 0 ? lists : properties)) {
      const array = nonNull(property);
      const item = Array.isArray(sample[name]) ? (sample[name] as unknown[])[0] : undefined;
      const items = Array.from({ length: HOSTILE.hugeArray }, () => item ?? 1);
      const fits =
        typesOf(property).has('array') &&
        (typeof array.maxItems !== 'number' || array.maxItems >= HOSTILE.hugeArray) &&
        item !== undefined;
      field(name, items, fits ? 'safe' : 'refused', `tableau énorme (${HOSTILE.hugeArray} éléments)`);
    }

    for (const [name] of spread(properties.filter(([, property]) => isNumeric(property)))) {
      raw(name, '1e999', 'refused', '1e999');
      raw(name, 'NaN', 'refused', 'NaN');
    }
    for (const [name] of spread(properties.filter(([, property]) => isDay(property))))
      field(name, IMPOSSIBLE_DAY, 'refused', 'date impossible');

    for (const [name, property] of spread(properties)) {
      const array = nonNull(property);
      const nests = typesOf(property).has('array') && typesOf(array.items as Schema | undefined).has('array');
      raw(name, nestedArrays(HOSTILE.depth), nests ? 'safe' : 'refused', `imbrication ${HOSTILE.depth}`);
    }
    add(
      ' · champ inconnu',
      JSON.stringify({ ...sample, champInconnu: 1 }),
      schema.additionalProperties === false ? 'refused' : 'safe',
      json,
    );
  }
  add(' · null', 'null', typesOf(schema).has('null') ? 'safe' : 'refused', json);
  add(' · vide', '', 'refused', json);
  // Five routes read an absent body as {} (their fields are all optional): accepted or refused, never a failure.
  add(' · absent', undefined, 'safe');
  add(' · text/plain', 'a=1', 'refused', 'text/plain');
  add(
    ' · multipart',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    'refused',
    'multipart/form-data; boundary=x',
  );
  return variants;
}

function queryVariants(operation: Operation, valid: RequestParts, spread: Spread): Variant[] {
  const query = parameters(operation, 'query');
  if (query.length === 0) return [];
  const variants: Variant[] = [];
  const add = (name: string, value: string | string[], expect: Variant['expect'], kind: string) =>
    variants.push({
      name: `query.${name} · ${kind}`,
      parts: { ...valid, query: { ...valid.query, [name]: value } },
      expect,
    });
  const entries = query.map((parameter) => [parameter, parameterSchema(parameter) ?? {}] as const);
  const json = entries.filter(([parameter]) => parameter.content !== undefined);
  const plain = entries.filter(([parameter]) => parameter.content === undefined);
  // A text no parameter of these kinds takes: JSON, a list of values, a format or pattern, a number, a boolean.
  const closed = entries.filter(
    ([parameter, schema]) =>
      parameter.content !== undefined ||
      closedText(schema) ||
      isNumeric(schema) ||
      typesOf(schema).has('boolean'),
  );
  for (const [parameter] of spread(closed)) add(parameter.name, 'abc', 'refused', 'mauvais type');

  const texts = plain.filter(([, schema]) => typesOf(schema).has('string'));
  for (const [parameter, schema] of spread(texts.length > 0 ? texts : entries)) {
    const open = parameter.content === undefined && typesOf(schema).has('string') && !closedText(schema);
    const bounded = !open || typeof nonNull(schema).maxLength === 'number';
    add(parameter.name, 'x'.repeat(HOSTILE.hugeText), bounded ? 'refused' : 'safe', 'chaîne énorme (200 ko)');
    add(parameter.name, NUL, 'refused', 'caractère NUL');
    add(parameter.name, RTL, open ? 'safe' : 'refused', 'RTL (U+202E)');
  }

  for (const [parameter, schema] of spread(entries)) {
    const value = valid.query[parameter.name] ?? '1';
    const one = Array.isArray(value) ? (value[0] ?? '1') : value;
    const array = nonNull(schema);
    const fits =
      typesOf(schema).has('array') &&
      (typeof array.maxItems !== 'number' || array.maxItems >= HOSTILE.hugeArray);
    add(
      parameter.name,
      Array.from({ length: HOSTILE.hugeArray }, () => one),
      fits ? 'safe' : 'refused',
      `répété ${HOSTILE.hugeArray} fois`,
    );
  }

  for (const [parameter] of spread(plain.filter(([, schema]) => isNumeric(schema)))) {
    add(parameter.name, '1e999', 'refused', '1e999');
    add(parameter.name, 'NaN', 'refused', 'NaN');
  }
  for (const [parameter] of spread(plain.filter(([, schema]) => isDay(schema))))
    add(parameter.name, IMPOSSIBLE_DAY, 'refused', 'date impossible');

  for (const [parameter, schema] of json) {
    const value = valid.query[parameter.name];
    const sample = JSON.parse(typeof value === 'string' ? value : '{}') as Record<string, unknown>;
    const members = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    const member = (name: string, rawJson: string, kind: string) =>
      add(parameter.name, withRawMember(sample, name, rawJson), 'refused', `${name} · ${kind}`);
    member('a', nestedArrays(HOSTILE.depth), `imbrication ${HOSTILE.depth}`);
    for (const [name] of spread(members.filter(([, property]) => isNumeric(property))))
      member(name, '1e999', '1e999');
    for (const [name] of spread(members.filter(([, property]) => isDay(property))))
      member(name, JSON.stringify(IMPOSSIBLE_DAY), 'date impossible');
    for (const [name] of spread(members.filter(([, property]) => typesOf(property).has('string'))))
      member(name, JSON.stringify(NUL), 'caractère NUL');
    add(parameter.name, '{"start_date":', 'refused', 'JSON invalide');
  }
  // The API's query strings are closed (docs/api.md « Strict input »).
  variants.push({
    name: 'query · paramètre inconnu',
    parts: { ...valid, query: { ...valid.query, champInconnu: '1' } },
    expect: 'refused',
  });
  return variants;
}

function pathVariants(operation: Operation, valid: RequestParts, spread: Spread): Variant[] {
  const variants: Variant[] = [];
  for (const parameter of spread(parameters(operation, 'path'))) {
    const schema = parameter.schema ?? {};
    const strict = isNumeric(schema) || closedText(schema);
    const add = (value: string, expect: Variant['expect'], kind: string) =>
      variants.push({
        name: `params.${parameter.name} · ${kind}`,
        parts: { ...valid, path: { ...valid.path, [parameter.name]: value } },
        raw: new Set([parameter.name]),
        expect,
      });
    add('abc', strict ? 'refused' : 'safe', 'mauvais type');
    add('1e999', strict ? 'refused' : 'safe', '1e999');
    add('NaN', strict ? 'refused' : 'safe', 'NaN');
    add('a%00b', 'refused', 'caractère NUL');
    add(encodeURIComponent(RTL), strict ? 'refused' : 'safe', 'RTL (U+202E)');
    add('x'.repeat(HOSTILE.hugeText), 'refused', 'chaîne énorme (200 ko)');
    if (isDay(schema)) add(IMPOSSIBLE_DAY, 'refused', 'date impossible');
  }
  return variants;
}

/**
 * The hostile variants of an operation's valid request: each kind of value in one of its fields (turning with
 * `index`, the operation's rank), or in every field with `every`.
 */
export function hostileVariants(
  { operation, method }: DocumentOperation,
  valid: RequestParts,
  index: number,
  every = false,
): Variant[] {
  const spread: Spread = (items) =>
    every ? items : items.length === 0 ? [] : [items[index % items.length] as (typeof items)[number]];
  return [
    ...pathVariants(operation, valid, spread),
    ...queryVariants(operation, valid, spread),
    ...(method === 'GET' ? [] : bodyVariants(operation, valid, spread)),
  ];
}
