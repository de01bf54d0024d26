import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDays, API_KEY_HEADER, COMMON_MESSAGES, parisToday } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneOf } from '../src/db/raw';
import { DEMO_PRESETS, generateDemoData } from '../src/demo/generate-demo-data';
import { bearer, buildTestApp, createUser, TEST_PASSWORD, userToken } from './helper';
import { documentAjv, type Validate } from './openapi-ajv';
import {
  closedText,
  documentOperations,
  HOSTILE,
  hostileVariants,
  injectOf,
  jsonBodySchema,
  typesOf,
  validRequest,
  type DocumentOperation,
  type Entity,
  type OpenApiDocument,
  type SampleContext,
  type Schema,
} from './openapi-requests';
import { issueApiKey, provisionClientKeys } from './security-cases';
import { draft, issue, marchWorld, saveSettings } from '../src/modules/facturation/facturation.fixture';

// Issue 36: the published OpenAPI document is the contract. For every operation it lists (so a route added tomorrow
// is covered without a test of its own): a minimal valid request built from its schemas alone, sent with an
// administrator's session (a client's API key on the client routes) on a small demo dataset, answers a status the
// operation documents, with a body its schema accepts — never a 5xx; hostile variants of it answer 4xx in the API's
// French shape `{ message }` (never Fastify's English `{ statusCode, error, message }`), never a 5xx, never hang.
// docs/testing.md « The OpenAPI contract test ».

/**
 * Statuses the HTTP layer answers before any route, that no operation lists: a body too large, a URL too long, a
 * content type no parser takes.
 */
const TRANSPORT = new Set([413, 414, 415]);
/** An answer slower than this is a hang (the file's requests run one at a time on a loaded machine). */
const REQUEST_TIMEOUT_MS = 30_000;
/** The auth operations that end or change the session they are called with: each request gets an account of its own. */
const OWN_SESSION = /^(POST \/api\/auth\/logout(-all)?|PUT \/api\/auth\/password)$/;
/**
 * CONTRACT_EVERY_FIELD=1 puts each kind of hostile value in every field of every operation (≈ 5 times the
 * requests) instead of one field per kind, turning with the operation's rank.
 */
const EVERY_FIELD = process.env.CONTRACT_EVERY_FIELD === '1';
/** English words of Fastify's and Ajv's messages; the API's are French. */
const ENGLISH =
  /\b(must|should|required|invalid|unsupported|request|body|querystring|not found|error|internal)\b/i;

/** The rows a stay points at: the paths and fields of an operation name rows that belong together. */
type StayEntity = Extract<
  Entity,
  | 'reservation'
  | 'reservationMere'
  | 'pensionnaire'
  | 'client'
  | 'contratClient'
  | 'etablissement'
  | 'contratEtablissement'
  | 'typeChambre'
>;

let app: FastifyInstance;
let document: OpenApiDocument;
let operations: DocumentOperation[];
let context: SampleContext;
let adminToken = '';
const ajv = documentAjv();
const validators = new Map<string, Validate>();

beforeAll(async () => {
  // Limits lifted: the file sends hundreds of logins, sign-ups and exports; they are tested in their own files.
  app = await buildTestApp({
    loginThrottle: { accountFreeFailures: 1_000_000, addressFreeFailures: 1_000_000 },
    signupRateLimit: { max: 1_000_000, timeWindow: 60_000 },
    passwordResetRateLimits: {
      perAddress: { max: 1_000_000, timeWindow: 60_000 },
      perClient: { max: 1_000_000, timeWindow: 60_000 },
    },
    exportLimits: { perUser: 1_000, total: 1_000 },
  });
  const today = parisToday();
  await generateDemoData(app.db, { ...DEMO_PRESETS.demo, hotels: 3, clients: 2, households: 12, today });
  const admin = await userToken(app, 'admin');
  adminToken = admin.token;
  // The ids of one confirmed stay and what it points at, so that the paths and fields of an operation agree.
  const stay = await oneOf<Record<StayEntity, number>>(
    app.db,
    sql`select r.id as reservation, r.id_reservation_mere as "reservationMere", r.pensionnaire_id as pensionnaire,
          r.client_id as client, r.contrat_client_id as "contratClient", r.etablissement_id as etablissement,
          r.contrat_etablissement_id as "contratEtablissement", r.type_chambre_id as "typeChambre"
        from reservations r where r.statut in ('confirmee', 'en_cours') order by r.id limit 1`,
  );
  if (stay === undefined) throw new Error('la démo doit compter un séjour confirmé');
  const first = async (query: SQL) => Number((await oneOf<{ id: number }>(app.db, query))?.id ?? 1);
  const demandeDocument = await oneOf<{ id: number; demande_id: number }>(
    app.db,
    sql`select id, demande_id from communications where document is not null and demande_id is not null
        order by id limit 1`,
  );
  if (demandeDocument === undefined) throw new Error('la démo doit compter un document de demande');
  const otherClient = await first(sql`select id from clients where id <> ${stay.client} order by id limit 1`);
  const keys = await provisionClientKeys(app, adminToken, [stay.client, otherClient], today);
  const notification = await app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: bearer(adminToken),
    payload: { message: 'Annonce du test de contrat', roles: ['admin'] },
  });
  expect(notification.statusCode, notification.body).toBe(201);
  // A finished export task: its file is the answer of GET /tasks/:id/fichier.
  const task = await app.tasks.enqueue(app.db, 'export_reservations', {
    parametres: { key: 'pdfResa', body: {} },
    createdBy: admin.user.id,
  });
  await app.tasks.drain();
  const ids: Record<Entity, number> = {
    ...stay,
    foyer: await first(sql`select id from foyers order by (client_id = ${stay.client}) desc, id limit 1`),
    groupeClient: await first(sql`select id from groupes_clients order by id limit 1`),
    groupeEtablissement: await first(sql`select id from groupes_etablissements order by id limit 1`),
    // A request with a document, and that document (GET /demande/communication/:id?communication=).
    demande: demandeDocument.demande_id,
    communication: demandeDocument.id,
    courriel: await first(
      sql`select courriel_id as id from courriel_pieces_jointes order by courriel_id limit 1`,
    ),
    task,
    notification: await first(sql`select id from notifications order by id limit 1`),
    // An account of its own: the writes on /users/:id (role, password, activation) must not touch the admin's.
    user: (await createUser(app)).id,
    cle: await first(
      sql`select id from cles_api_clients where client_id = ${stay.client} order by id limit 1`,
    ),
    factureEtablissement: await hotelInvoice(stay.etablissement, today),
    facture: await issuedInvoice(),
  };
  context = { ajv, ids, today, reference: keys.reference, password: TEST_PASSWORD };
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = response.json<OpenApiDocument>();
  // Reads first: the writes that follow archive, cancel or revoke what the reads would have found.
  const all = documentOperations(document);
  operations = [...all.filter((op) => op.method === 'GET'), ...all.filter((op) => op.method !== 'GET')];
}, 300_000);
afterAll(() => app.close());

/** The credentials of an operation: none, a client's key, an account of its own, or the administrator's session. */
/** An issued client invoice (issue 39 §1) with its Factur-X files: the row of /facturation/factures/:id. */
async function issuedInvoice(): Promise<number> {
  await saveSettings(app, adminToken);
  const world = await marchWorld(app, 'Contrat OpenAPI');
  return (await issue(app, adminToken, (await draft(app, adminToken, world.clientId)).id)).id;
}

/** A hotel's invoice (issue 39 §2) entered through the API: the row of /factures-etablissements/:id. */
async function hotelInvoice(etablissementId: number, today: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/factures-etablissements',
    headers: bearer(adminToken),
    payload: {
      etablissementId,
      numero: 'CONTRAT-1',
      dateFacture: today,
      periodeDebut: `${today.slice(0, 7)}-01`,
      periodeFin: addDays(`${today.slice(0, 7)}-01`, 28),
      totalHt: '100.00',
      totalTva: '10.00',
      totalTtc: '110.00',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

async function headersFor(op: DocumentOperation): Promise<Record<string, string>> {
  const access = op.operation['x-acces'] ?? 'public';
  if (access === 'public') return {};
  if (access === 'client')
    return { [API_KEY_HEADER]: await issueApiKey(app, adminToken, context.ids.client) };
  if (OWN_SESSION.test(op.label)) return bearer((await userToken(app, 'agent')).token);
  return bearer(adminToken);
}

/** The answer, or 'hang' past REQUEST_TIMEOUT_MS. */
async function send(options: InjectOptions): Promise<LightMyRequestResponse | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function validatorOf(key: string, schema: Schema): Validate {
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with an answer, against the operation's documented answers (empty when nothing is). */
function problemsOf(op: DocumentOperation, response: LightMyRequestResponse, hostile: boolean): string[] {
  const status = response.statusCode;
  if (status >= 500) return [`${status} ${response.body.slice(0, 200)}`];
  const problems: string[] = [];
  const documented = op.operation.responses?.[String(status)];
  if (documented === undefined && !(hostile && TRANSPORT.has(status)))
    problems.push(`statut ${status} non documenté`);
  const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (status >= 400) {
    let answer: unknown;
    try {
      answer = response.json();
    } catch {
      answer = undefined;
    }
    const { message, ...rest } = (answer ?? {}) as { message?: unknown };
    if (typeof message !== 'string' || ENGLISH.test(message) || 'statusCode' in rest || 'error' in rest)
      problems.push(`${status} hors de la forme française { message } : ${response.body.slice(0, 200)}`);
    // The database's own refusal, mapped to a 400 by the error handler: a value the schema let through.
    if (message === COMMON_MESSAGES.invalidValue || message === COMMON_MESSAGES.rule)
      problems.push(`${status} « ${message} » : le schéma laisse passer une valeur que la base refuse`);
  }
  if (documented === undefined) return problems;
  const content = documented.content;
  if (content === undefined) {
    if (response.rawPayload.length > 0) problems.push(`${status} : un corps que le document ne prévoit pas`);
    return problems;
  }
  const media = content[type];
  if (media === undefined) {
    problems.push(`${status} en ${type}, le document annonce ${Object.keys(content).join(', ')}`);
    return problems;
  }
  if (type === 'application/json') {
    const validate = validatorOf(`${op.label} ${status}`, media.schema ?? {});
    if (!validate(response.json())) {
      problems.push(`${status} hors schéma : ${JSON.stringify(validate.errors?.[0])}`);
    }
  } else {
    const magic = response.rawPayload.subarray(0, 5).toString('latin1');
    const expected = type === 'application/pdf' ? '%PDF-' : type.includes('spreadsheetml') ? 'PK' : '';
    if (response.rawPayload.length === 0 || !magic.startsWith(expected))
      problems.push(`${status} : un fichier ${type} illisible (${response.rawPayload.length} octets)`);
  }
  return problems;
}

const statusTally = (statuses: number[]) =>
  [
    ...statuses.reduce(
      (tally, status) => tally.set(status, (tally.get(status) ?? 0) + 1),
      new Map<number, number>(),
    ),
  ]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/**
 * Sends the valid request of every operation, filled as `fill` says, and returns what broke the contract: a 5xx, a
 * hang, a status the operation does not document, a body its schema refuses, an error not in the French shape.
 */
async function validPass(
  fill: SampleContext['fill'],
): Promise<{ failures: string[]; statuses: number[]; files: Set<string> }> {
  const failures: string[] = [];
  const statuses: number[] = [];
  /** The operations that answered a file. */
  const files = new Set<string>();
  const filled = { ...context, fill };
  for (const op of operations) {
    const parts = validRequest(op, filled);
    for (const problem of parts.problems) failures.push(`${op.label} · requête invalide : ${problem}`);
    const response = await send(injectOf(op, parts, await headersFor(op)));
    if (response === 'hang') {
      failures.push(`${op.label} : pas de réponse en ${REQUEST_TIMEOUT_MS / 1000} s`);
      continue;
    }
    statuses.push(response.statusCode);
    if (
      response.statusCode === 200 &&
      !String(response.headers['content-type']).startsWith('application/json')
    )
      files.add(op.label);
    for (const problem of problemsOf(op, response, false)) failures.push(`${op.label} → ${problem}`);
  }
  console.info(`Requêtes valides (${fill}) : ${statuses.length}, statuts ${statusTally(statuses)}`);
  return { failures, statuses, files };
}

describe('the OpenAPI document is the contract of every operation', () => {
  it('lists the operations, and the requests built from it are valid against its own schemas', () => {
    expect(operations.length).toBeGreaterThan(150);
    const invalid = (['minimal', 'complete', 'bounds'] as const).flatMap((fill) =>
      operations.flatMap((op) =>
        validRequest(op, { ...context, fill }).problems.map((problem) => `${fill} ${op.label} · ${problem}`),
      ),
    );
    expect(invalid).toEqual([]);
  });

  it('minimal valid requests: a documented status and body, never a 5xx', async () => {
    const { failures, statuses, files } = await validPass('minimal');
    expect(failures).toEqual([]);
    // Every operation documented as answering a file did answer one (PDF, workbook), checked above.
    const documentedFiles = operations
      .filter((op) =>
        Object.keys(op.operation.responses?.['200']?.content ?? {}).some(
          (type) => type !== 'application/json',
        ),
      )
      .map((op) => op.label);
    expect(documentedFiles.length).toBeGreaterThanOrEqual(23);
    expect([...files].sort()).toEqual(documentedFiles.sort());
    // Most operations reach their service: the requests are not mere 400s and 404s.
    expect(statuses.filter((status) => status < 300).length).toBeGreaterThan(operations.length / 2);
  }, 300_000);

  it('complete valid requests (every optional parameter and field): the same', async () => {
    expect((await validPass('complete')).failures).toEqual([]);
  }, 300_000);

  it('valid requests at the bounds (largest numbers, longest texts, 1900 to 2100): the same', async () => {
    expect((await validPass('bounds')).failures).toEqual([]);
  }, 300_000);

  it('hostile variants: 4xx in French where the schema refuses them, never a 5xx, never a hang', async () => {
    const failures: string[] = [];
    const statuses: number[] = [];
    const kinds = new Set<string>();
    for (const [index, op] of operations.entries()) {
      const valid = validRequest(op, context);
      const headers = OWN_SESSION.test(op.label) ? undefined : await headersFor(op);
      for (const variant of hostileVariants(op, valid, index, EVERY_FIELD)) {
        kinds.add(variant.name.split(' · ').at(-1) ?? '');
        const response = await send(
          injectOf(op, variant.parts, headers ?? (await headersFor(op)), variant.raw),
        );
        const name = `${op.label} · ${variant.name}`;
        if (response === 'hang') {
          failures.push(`${name} : pas de réponse en ${REQUEST_TIMEOUT_MS / 1000} s`);
          continue;
        }
        statuses.push(response.statusCode);
        const problems = problemsOf(op, response, true);
        if (variant.expect === 'refused' && (response.statusCode < 400 || response.statusCode >= 500))
          problems.push(`${response.statusCode} alors que le schéma refuse (attendu 4xx)`);
        for (const problem of problems) failures.push(`${name} → ${problem}`);
      }
    }
    console.info(`Variantes hostiles : ${statuses.length}, statuts ${statusTally(statuses)}`);
    expect(failures).toEqual([]);
    expect(statuses.length).toBeGreaterThan(1_500);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(EVERY_KIND));
  }, 600_000);
});

/** Every kind of hostile value is sent somewhere (the variants are built from the schemas; none may vanish). */
const EVERY_KIND = [
  'mauvais type',
  'chaîne énorme (200 ko)',
  'caractère NUL',
  'RTL (U+202E)',
  `tableau énorme (${HOSTILE.hugeArray} éléments)`,
  `répété ${HOSTILE.hugeArray} fois`,
  '1e999',
  'NaN',
  'date impossible',
  `imbrication ${HOSTILE.depth}`,
  'JSON invalide',
  'null',
  'vide',
  'absent',
  'text/plain',
  'multipart',
  'champ inconnu',
  'paramètre inconnu',
];

describe('the values the server enforces are the ones the document lists', () => {
  /** Each `sort` of the document: a query parameter, or a field of a list's body. */
  const sorts = () =>
    operations.flatMap((op) => {
      const parameter = op.operation.parameters?.find((candidate) => candidate.name === 'sort');
      const body = jsonBodySchema(op.operation);
      const field = (body?.properties as Record<string, Schema> | undefined)?.sort;
      const schema = parameter?.schema ?? field;
      // The exports take the list's sort too; one file per value would only repeat the list's answer.
      const file = Object.values(op.operation.responses ?? {}).some(
        (answer) => answer.content !== undefined && !('application/json' in answer.content),
      );
      return schema === undefined || file ? [] : [{ op, in: parameter ? 'query' : 'body', schema }];
    });

  it('every sort is an enum of its columns: each listed column sorts, any other is refused in French', async () => {
    const found = sorts();
    expect(found.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const { op, in: where, schema } of found) {
      if (!Array.isArray(schema.enum) || !typesOf(schema).has('string')) {
        failures.push(`${op.label} : sort sans liste de colonnes (${JSON.stringify(schema)})`);
        continue;
      }
      const valid = validRequest(op, context);
      const headers = await headersFor(op);
      const sortBy = (value: string) => {
        const body = valid.body === undefined ? {} : (JSON.parse(valid.body) as object);
        return injectOf(
          op,
          where === 'query'
            ? { ...valid, query: { ...valid.query, sort: value } }
            : { ...valid, body: JSON.stringify({ ...body, sort: value }) },
          headers,
        );
      };
      for (const value of schema.enum as string[]) {
        const response = await app.inject(sortBy(value));
        if (response.statusCode !== 200)
          failures.push(`${op.label} sort=${value} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      const refused = await app.inject(sortBy('motDePasse'));
      if (
        refused.statusCode !== 400 ||
        refused.json<{ message: string }>().message !== "Le tri sur « motDePasse » n'est pas disponible."
      )
        failures.push(`${op.label} sort=motDePasse → ${refused.statusCode} ${refused.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a free text parameter (no list, format or pattern) is never refused for its words', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations.filter((candidate) => candidate.method === 'GET')) {
      const valid = validRequest(op, context);
      const headers = await headersFor(op);
      for (const parameter of op.operation.parameters ?? []) {
        const schema = parameter.schema;
        if (parameter.in !== 'query' || schema === undefined || !typesOf(schema).has('string')) continue;
        if (closedText(schema)) continue;
        checked += 1;
        const response = await app.inject(
          injectOf(op, { ...valid, query: { ...valid.query, [parameter.name]: 'Quelconque' } }, headers),
        );
        if (response.statusCode === 400)
          failures.push(`${op.label} ${parameter.name}=Quelconque → 400 ${response.body.slice(0, 160)}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 120_000);
});
