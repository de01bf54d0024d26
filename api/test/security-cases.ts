// The security suite's cases, derived from the live route table (app.routeTable, plugins/openapi.ts): a route added
// tomorrow is covered the day it is registered. Used by test/security-suite.test.ts (a sample per route) and by
// scripts/security-sweep.ts (every case on every route). No vitest import here: the sweep runs outside vitest.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_KEY_HEADER } from 'shared/contract';
import type { RouteEntry } from '../src/plugins/openapi';

type Schema = Record<string, unknown>;

export interface SecurityCase {
  /** e.g. `PUT /api/clients/:id · body.nom · NUL`. */
  name: string;
  family: 'jeton' | 'rôle' | 'entrée';
  kind: string;
  request: InjectOptions;
  /** `4xx`: the request breaks the schema or a rule; `not5xx`: it may be accepted, but never a 5xx. */
  expect: 401 | 403 | 404 | '4xx' | 'not5xx';
}

/** The /api routes of the running app, in registration order. */
export const apiRoutes = (app: FastifyInstance): RouteEntry[] =>
  app.routeTable.filter((route) => route.url.startsWith('/api/'));

// ---------------------------------------------------------------------------------------------------------
// Tokens: every variant is a mutation of a real login token, re-signed with the app's secret where the variant
// needs it, so that only the one property under test is wrong (the other claims stay whatever the API puts in).

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const body = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (header.alg === 'none') return `${body}.`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

export const BAD_CREDENTIALS = [
  'sans jeton',
  'jeton illisible',
  'mauvais secret',
  'alg none',
  'expiré',
  'sans exp',
  'sans session',
  'session inconnue',
  'utilisateur inconnu',
] as const;
export type BadCredential = (typeof BAD_CREDENTIALS)[number];

/** The Authorization header of each bad-credential variant, built from a valid token and the app's secret. */
export function badCredentialHeaders(
  validToken: string,
  secret: string,
): Record<BadCredential, Record<string, string>> {
  const claims = claimsOf(validToken);
  const now = Math.floor(Date.now() / 1000);
  const { exp: _exp, ...withoutExp } = claims;
  const { sid: _sid, ...withoutSid } = claims;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    'sans jeton': {},
    'jeton illisible': bearer('pas-un-jeton.vraiment.pas'),
    'mauvais secret': bearer(signJwt(claims, `${secret}-mais-pas-le-bon`)),
    'alg none': bearer(signJwt(claims, '', { alg: 'none', typ: 'JWT' })),
    expiré: bearer(signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, secret)),
    'sans exp': bearer(signJwt(withoutExp, secret)),
    'sans session': bearer(signJwt(withoutSid, secret)),
    // Well formed, opened by nobody.
    'session inconnue': bearer(signJwt({ ...claims, sid: '00000000-0000-4000-8000-000000000000' }, secret)),
    'utilisateur inconnu': bearer(signJwt({ ...claims, sub: '2147480000' }, secret)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Client API keys (routes of access `client`: the client organisations' intake, X-Api-Key, no user token).

export const BAD_API_KEYS = [
  'sans clé',
  'clé vide',
  'clé illisible',
  'clé inconnue',
  'clé énorme',
  'clé révoquée',
  'jeton administrateur sans clé',
] as const;
export type BadApiKey = (typeof BAD_API_KEYS)[number];

/** The headers of each bad-key variant: a revoked key of a real client, an administrator's valid token. */
export function badApiKeyHeaders(
  revokedKey: string,
  adminToken: string,
): Record<BadApiKey, Record<string, string>> {
  const key = (value: string) => ({ [API_KEY_HEADER]: value });
  return {
    'sans clé': {},
    'clé vide': key(''),
    'clé illisible': key('pas-une-cle'),
    // Well formed (the prefix and 256 bits in base64url), issued to nobody.
    'clé inconnue': key(`ebas3_${'A'.repeat(43)}`),
    // Longer than any key, within the header size limit (16 kB answers 431 before the route over real HTTP).
    'clé énorme': key(`ebas3_${'x'.repeat(4_000)}`),
    'clé révoquée': key(revokedKey),
    'jeton administrateur sans clé': { authorization: `Bearer ${adminToken}` },
  };
}

export interface ClientKeys {
  /** A valid key of client A, and the external reference of a request it submitted. */
  key: string;
  reference: string;
  /** A valid key of client B (another organisation). */
  otherKey: string;
  /** A key of client A, revoked. */
  revokedKey: string;
}

/** Issues a key through the administrators' route (the way an organisation gets one); the key itself. */
export async function issueApiKey(
  app: FastifyInstance,
  adminToken: string,
  clientId: number,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/cles-api`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { libelle: 'Suite de sécurité' },
  });
  if (response.statusCode !== 201) throw new Error(`cles-api: ${response.statusCode} ${response.body}`);
  return response.json<{ cle: string }>().cle;
}

/**
 * Keys of two clients (one revoked) and a request of client A, submitted with its key: the client routes are then
 * swept past the key check, and another client's key is tried on A's reference. `today` is the Paris day.
 */
export async function provisionClientKeys(
  app: FastifyInstance,
  adminToken: string,
  clientIds: [number, number],
  today: string,
): Promise<ClientKeys> {
  const [a, b] = clientIds;
  const key = await issueApiKey(app, adminToken, a);
  const otherKey = await issueApiKey(app, adminToken, b);
  const revokedKey = await issueApiKey(app, adminToken, a);
  const admin = { authorization: `Bearer ${adminToken}` };
  const list = await app.inject({ method: 'GET', url: `/api/clients/${a}/cles-api`, headers: admin });
  const revokedId = list
    .json<{ cles: { id: number; prefixe: string }[] }>()
    .cles.find((cle) => revokedKey.startsWith(cle.prefixe))?.id;
  const revoke = await app.inject({
    method: 'PUT',
    url: `/api/clients/${a}/cles-api/${revokedId}/revocation`,
    headers: admin,
  });
  if (revoke.statusCode !== 200) throw new Error(`revocation: ${revoke.statusCode} ${revoke.body}`);
  const day = (offset: number) => {
    const date = new Date(`${today}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const reference = `SECU-${Date.now().toString(36)}`;
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/demande_hebergement/externe',
    headers: { [API_KEY_HEADER]: key },
    payload: {
      reference_externe: reference,
      type: 'nouvelle',
      date_debut: day(10),
      date_fin: day(14),
      referent_email: 'securite@exemple.fr',
      pensionnaires: [{ numero_dossier: `${reference}-1`, nom: 'Koné', prenom: 'Issa', sexe: 'M' }],
    },
  });
  if (submitted.statusCode !== 201) throw new Error(`intake: ${submitted.statusCode} ${submitted.body}`);
  return { key, reference, otherKey, revokedKey };
}

/**
 * The key cases of every client route: each bad key → 401; another client's valid key on a route naming client
 * A's request (`:reference`) → 404, never the request (an organisation neither reads nor withdraws another's).
 */
export function apiKeyCases(routes: RouteEntry[], values: PathValues, keys: ClientKeys, adminToken: string) {
  const variants = badApiKeyHeaders(keys.revokedKey, adminToken);
  const cases: SecurityCase[] = [];
  for (const route of routes.filter((entry) => entry.access === 'client')) {
    const request = (headers: Record<string, string>): InjectOptions => ({
      method: route.method,
      url: fillUrl(route.url, values),
      headers,
    });
    for (const variant of BAD_API_KEYS) {
      cases.push({
        name: `${route.method} ${route.url} · ${variant}`,
        family: 'jeton',
        kind: variant,
        request: request(variants[variant]),
        expect: 401,
      });
    }
    if (route.url.includes(':reference')) {
      cases.push({
        name: `${route.method} ${route.url} · clé d'un autre client`,
        family: 'jeton',
        kind: "clé d'un autre client",
        request: request({ [API_KEY_HEADER]: keys.otherKey }),
        expect: 404,
      });
    }
  }
  return cases;
}

/** The credentials a route's hostile cases are sent with: none, a client's key, or a user's token. */
export const credentialsFor = (
  route: RouteEntry,
  credentials: { key: string; token: string },
): Record<string, string> =>
  route.access === 'public'
    ? {}
    : route.access === 'client'
      ? { [API_KEY_HEADER]: credentials.key }
      : { authorization: `Bearer ${credentials.token}` };

// ---------------------------------------------------------------------------------------------------------
// Requests: path parameters filled with plausible values (a 404 is fine, a 5xx never), bodies and queries built
// as a valid sample of their schema, then one part made hostile at a time.

export type PathValues = Record<string, string>;

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

export function fillUrl(url: string, values: PathValues, override: PathValues = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => override[name] ?? values[name] ?? '1');
}

const typesOf = (schema: Schema): string[] =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string',
  );

/** A value the schema accepts (required properties only), or undefined when none can be built simply. */
export function sampleOf(schema: Schema | undefined): unknown {
  if (schema === undefined) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches !== undefined) {
    const branch = branches.find((candidate) => !typesOf(candidate).includes('null')) ?? branches[0];
    return sampleOf(branch);
  }
  const [type] = typesOf(schema);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((key) => [key, sampleOf(properties[key])]));
    }
    case 'array': {
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: minItems }, () => sampleOf(schema.items as Schema | undefined));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'date') return '2025-01-15';
      if (schema.format === 'birth-date') return '1980-05-20';
      if (schema.format === 'email') return 'securite@exemple.fr';
      return 'a'.repeat(typeof schema.minLength === 'number' ? Math.max(schema.minLength, 1) : 1);
    default:
      return undefined;
  }
}

interface Hostile {
  kind: string;
  /** The value, or raw JSON text (for what JSON.stringify cannot write: 1e309, a `__proto__` key). */
  value?: unknown;
  rawJson?: string;
  /** Whether the schema must refuse it. */
  refused: boolean;
}

const DEEP = 5_000;
const deepJson = `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}`;
const HUGE = 'x'.repeat(200_000);

/** Hostile values for one field of the schema, each with whether the schema must refuse it. */
export function hostileValues(schema: Schema | undefined): Hostile[] {
  const field = schema ?? {};
  const branches = (field.anyOf ?? field.oneOf) as Schema[] | undefined;
  const types = new Set(branches ? branches.flatMap(typesOf) : typesOf(field));
  const typed = types.size > 0;
  const only = (type: string) =>
    typed && [...types].every((candidate) => candidate === type || candidate === 'null');
  const numeric =
    typed && [...types].every((type) => type === 'integer' || type === 'number' || type === 'null');
  const closedString = only('string') && (field.enum !== undefined || field.const !== undefined);
  const maxLength = typeof field.maxLength === 'number' ? field.maxLength : undefined;
  const isDay = field.format === 'date' || field.format === 'birth-date';
  return [
    { kind: 'NUL', value: 'a\u0000b', refused: true },
    {
      kind: 'chaîne énorme',
      value: HUGE,
      refused: typed && (!types.has('string') || closedString || maxLength !== undefined || isDay),
    },
    { kind: 'mauvais type (objet)', value: { a: 1 }, refused: typed && !types.has('object') },
    { kind: 'mauvais type (texte)', value: 'abc', refused: typed && !types.has('string') },
    { kind: 'Infinity (texte)', value: 'Infinity', refused: numeric || closedString || isDay },
    // Ajv's coercion writes a number into a string field as text ("Infinity"): harmless, so only non-text refuse it.
    { kind: '1e309 (JSON)', rawJson: '1e309', refused: typed && !types.has('string') },
    { kind: 'imbrication profonde', rawJson: deepJson, refused: typed && !types.has('array') },
    {
      kind: 'entier hors limites',
      value: 2 ** 53,
      refused:
        typed &&
        !types.has('string') &&
        (types.has('integer') || !types.has('number') || typeof field.maximum === 'number'),
    },
    { kind: 'clé __proto__', rawJson: '{"__proto__":{"role":"admin"}}', refused: true },
    { kind: 'date an 0000', value: '0000-01-01', refused: isDay || numeric },
    { kind: 'date 30 février', value: '2024-02-30', refused: isDay || numeric },
  ];
}

/** The query-string values to try on one parameter (strings only: that is all a URL carries). */
function hostileQueryValues(schema: Schema | undefined): Hostile[] {
  return hostileValues(schema)
    .filter((hostile) => typeof hostile.value === 'string')
    .map((hostile) => ({
      ...hostile,
      value: hostile.kind === 'chaîne énorme' ? HUGE.slice(0, 20_000) : hostile.value,
    }));
}

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`,
      ),
    )
    .join('&');

const withQuery = (url: string, query: Record<string, unknown>) => {
  const text = queryString(query);
  return text === '' ? url : `${url}?${text}`;
};

/** JSON text of an object with one member written raw. */
const jsonWith = (base: Record<string, unknown>, key: string, rawJson: string) => {
  const rest = JSON.stringify(Object.fromEntries(Object.entries(base).filter(([name]) => name !== key)));
  const member = `${JSON.stringify(key)}:${rawJson}`;
  return rest === '{}' ? `{${member}}` : `${rest.slice(0, -1)},${member}}`;
};

/**
 * Every hostile case of one route: each path parameter, each query parameter and each body field made hostile in
 * turn (the rest a valid sample), and the body as a whole (wrong JSON type, prototype keys, unknown field, not JSON,
 * over the size limit).
 */
export function hostileCases(
  route: RouteEntry,
  values: PathValues,
  headers: Record<string, string>,
): SecurityCase[] {
  const schema = route.schema;
  const cases: SecurityCase[] = [];
  const name = (where: string, kind: string) => `${route.method} ${route.url} · ${where} · ${kind}`;
  const add = (
    where: string,
    hostile: { kind: string; refused: boolean },
    request: Omit<InjectOptions, 'method'>,
  ) =>
    cases.push({
      name: name(where, hostile.kind),
      family: 'entrée',
      kind: hostile.kind,
      request: { method: route.method, headers, ...request },
      expect: hostile.refused ? '4xx' : 'not5xx',
    });

  const querySchema = schema.querystring as Schema | undefined;
  const bodySchema = schema.body as Schema | undefined;
  const query = (sampleOf(querySchema) ?? {}) as Record<string, unknown>;
  const body = sampleOf(bodySchema);
  const payloadOf = (value: unknown) => (value === undefined ? {} : { payload: value as object });
  const url = fillUrl(route.url, values);

  // Path parameters.
  const paramSchemas = ((schema.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  for (const param of pathParams(route.url)) {
    const field = paramSchemas[param];
    const numeric =
      field !== undefined && typesOf(field).every((type) => type === 'integer' || type === 'number');
    const isDay = field?.format === 'date';
    const hostile: [string, string, boolean][] = [
      ['NUL', '%00', true],
      ['Infinity', 'Infinity', numeric || isDay],
      ['1e309', '1e309', numeric || isDay],
      ['négatif', '-1', false],
      ['hors limites', '99999999999', numeric || isDay],
      ['texte', 'abc', numeric || isDay],
      ['__proto__', '__proto__', numeric || isDay],
      ['date an 0000', '0000-01-01', numeric || isDay],
      ['trop long', 'x'.repeat(150), true],
      ['pourcent seul', '%', true],
    ];
    for (const [kind, value, refused] of hostile) {
      add(
        `params.${param}`,
        { kind, refused },
        {
          url: withQuery(fillUrl(route.url, values, { [param]: value }), query),
          ...payloadOf(body),
        },
      );
    }
  }

  // Query parameters.
  if (querySchema !== undefined) {
    const properties = (querySchema.properties ?? {}) as Record<string, Schema>;
    for (const [key, field] of Object.entries(properties)) {
      for (const hostile of hostileQueryValues(field)) {
        add(`query.${key}`, hostile, {
          url: withQuery(url, { ...query, [key]: hostile.value }),
          ...payloadOf(body),
        });
      }
    }
    const closed = querySchema.additionalProperties === false;
    for (const [kind, extra] of [
      ['champ inconnu', { champInconnu: '1' }],
      ['clé __proto__', { '__proto__[role]': 'admin' }],
      ['clé constructor', { constructor: 'x' }],
    ] as const) {
      add(
        'query',
        { kind, refused: closed },
        { url: withQuery(url, { ...query, ...extra }), ...payloadOf(body) },
      );
    }
  }

  // Body: each field, then the whole.
  if (bodySchema !== undefined) {
    const requestUrl = withQuery(url, query);
    const json = { 'content-type': 'application/json' };
    const objectBody = typesOf(bodySchema).includes('object') && typeof body === 'object' && body !== null;
    if (objectBody) {
      const sample = body as Record<string, unknown>;
      const properties = (bodySchema.properties ?? {}) as Record<string, Schema>;
      for (const [key, field] of Object.entries(properties)) {
        for (const hostile of hostileValues(field)) {
          const payload =
            hostile.rawJson !== undefined
              ? jsonWith(sample, key, hostile.rawJson)
              : JSON.stringify({ ...sample, [key]: hostile.value });
          add(`body.${key}`, hostile, { url: requestUrl, payload, headers: { ...headers, ...json } });
        }
      }
      const closed = bodySchema.additionalProperties === false;
      const whole: [string, string, boolean][] = [
        ['champ inconnu', JSON.stringify({ ...sample, champInconnu: 1 }), closed],
        ['clé __proto__', jsonWith(sample, '__proto__', '{"role":"admin"}'), true],
        [
          'clé constructor.prototype',
          jsonWith(sample, 'constructor', '{"prototype":{"role":"admin"}}'),
          true,
        ],
      ];
      for (const [kind, payload, refused] of whole) {
        add('body', { kind, refused }, { url: requestUrl, payload, headers: { ...headers, ...json } });
      }
    }
    const wholeBody: [string, string, Record<string, string>][] = [
      ['null', 'null', json],
      ['tableau', '[]', json],
      ['nombre', '42', json],
      ['JSON invalide', '{"a":', json],
      ['imbrication profonde', deepJson, json],
      ['trop gros (2 Mo)', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }), json],
      ['texte brut', 'a=1', { 'content-type': 'text/plain' }],
    ];
    for (const [kind, payload, type] of wholeBody) {
      const refused = !(kind === 'null' && typesOf(bodySchema).includes('null'));
      add('body', { kind, refused }, { url: requestUrl, payload, headers: { ...headers, ...type } });
    }
  }
  return cases;
}

/**
 * A deterministic sample of a route's hostile cases for the default run: per field (path parameter, query
 * parameter, body field) `perField` values, and `wholePerRoute` of the whole-body / whole-query cases, both rotating
 * with the route's index and the field's, so that every field of every route is hit and every kind of value is
 * sent somewhere (the suite checks both); the full sweep sends them all.
 */
export function sampleCases(
  cases: SecurityCase[],
  routeIndex: number,
  perField = 1,
  wholePerRoute = 3,
): SecurityCase[] {
  const byField = new Map<string, SecurityCase[]>();
  for (const item of cases) {
    const field = item.name.split(' · ')[1] ?? '';
    byField.set(field, [...(byField.get(field) ?? []), item]);
  }
  return [...byField.entries()].flatMap(([field, items], fieldIndex) => {
    const whole = field === 'body' || field === 'query';
    const count = Math.min(whole ? wholePerRoute : perField, items.length);
    const start = whole ? routeIndex * wholePerRoute : routeIndex + fieldIndex;
    return Array.from(
      { length: count },
      (_, offset) => items[(start + offset) % items.length] as SecurityCase,
    );
  });
}

/** Whether a status meets a case's expectation. */
export function meets(expectation: SecurityCase['expect'], status: number): boolean {
  if (expectation === 'not5xx') return status < 500;
  if (expectation === '4xx') return status >= 400 && status < 500;
  return status === expectation;
}
