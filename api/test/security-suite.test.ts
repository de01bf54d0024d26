import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/openapi';
import { API_KEY_HEADER } from 'shared/contract';
import { todayOf } from '../src/db/today';
import { bearer, buildTestApp, createUser, userToken } from './helper';
import {
  apiKeyCases,
  apiRoutes,
  BAD_CREDENTIALS,
  badCredentialHeaders,
  claimsOf,
  credentialsFor,
  fillUrl,
  hostileCases,
  meets,
  sampleCases,
  provisionClientKeys,
  signJwt,
  type ClientKeys,
  type PathValues,
  type SecurityCase,
} from './security-cases';

// Issue 9 §3: generated from the live route table, so that a route added tomorrow is covered the day it is
// registered. The default run takes a sample of hostile values per route; `pnpm --filter ./api security:sweep`
// (scripts/security-sweep.ts) runs every case and the property-based fuzzer. Results: docs/security.md.

/**
 * The routes anyone may call without a token, reviewed one by one. A new public route fails the suite until it is
 * added here: making a route public is a decision, not an accident of where it was registered.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/signup',
  // « Mot de passe oublié »: the request and the reset with the e-mailed link (docs/auth.md), rate-limited per IP.
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'GET /api/openapi.json',
  'GET /api/reference',
];

const SECRET = 'secret-de-la-suite-de-securite-0123456789abcdef';

let app: FastifyInstance;
let routes: RouteEntry[];
const tokens = { admin: '', agent: '' };
let values: PathValues;
let keys: ClientKeys;

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const protectedRoutes = () => routes.filter((route) => route.access !== 'public');

/**
 * Sends each case and returns the ones whose status broke their expectation, as readable lines. A case in
 * `pastAuth` carries valid credentials: a 401 there means the case measured the key or token check, not the input.
 */
async function failures(cases: SecurityCase[], pastAuth = new Set<SecurityCase>()): Promise<string[]> {
  const failed: string[] = [];
  for (const item of cases) {
    const response = await app.inject(item.request);
    if (!meets(item.expect, response.statusCode) || (pastAuth.has(item) && response.statusCode === 401)) {
      failed.push(
        `${item.name}: ${response.statusCode} (attendu ${item.expect}) ${response.body.slice(0, 160)}`,
      );
    }
  }
  return failed;
}

beforeAll(async () => {
  app = await buildTestApp({ jwtSecret: SECRET });
  tokens.admin = (await userToken(app, 'admin')).token;
  tokens.agent = (await userToken(app, 'agent')).token;
  // Writes on /users/:id land on a user nobody else here uses (a role or activation change must not touch the agent).
  const target = await createUser(app);
  // Two client organisations with API keys (one revoked), and a request of the first: the client routes are swept
  // past their key check, and the second organisation's key is tried on the first one's request.
  const clientIds: number[] = [];
  for (const nom of ['Organisation A', 'Organisation B']) {
    const client = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: bearer(tokens.admin),
      payload: { nom, type: 'association', adresse: '1 rue A', codePostal: '75001', ville: 'Paris' },
    });
    expect(client.statusCode, client.body).toBe(201);
    clientIds.push(client.json<{ data: { id: number } }>().data.id);
  }
  keys = await provisionClientKeys(app, tokens.admin, [clientIds[0]!, clientIds[1]!], await todayOf(app.db));
  values = { id: String(target.id), reference: keys.reference };
  await app.ready();
  routes = apiRoutes(app);
});
afterAll(() => app.close());

describe('the route table', () => {
  it('holds every /api route, the public ones exactly the reviewed list', () => {
    expect(routes.length).toBeGreaterThan(80);
    const publicRoutes = routes.filter((route) => route.access === 'public').map(key);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});

describe('every protected route refuses a bad credential with 401', () => {
  it('a real token re-signed by the suite is accepted (the forged variants below differ by one property only)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(signJwt(claimsOf(tokens.agent), SECRET)),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  for (const variant of BAD_CREDENTIALS) {
    it(variant, async () => {
      const headers = badCredentialHeaders(tokens.agent, SECRET)[variant];
      const cases = protectedRoutes().map((route): SecurityCase => ({
        name: `${key(route)} · ${variant}`,
        family: 'jeton',
        kind: variant,
        request: {
          method: route.method,
          url: fillUrl(route.url, values),
          headers,
        },
        expect: 401,
      }));
      expect(cases.length).toBeGreaterThan(75);
      expect(await failures(cases)).toEqual([]);
    });
  }

  // Token revocation (POST /api/auth/logout) is being built beside this suite: the case runs as soon as the route
  // exists, with no edit here.
  it('révoqué (after POST /api/auth/logout)', async (context) => {
    if (!routes.some((route) => key(route) === 'POST /api/auth/logout')) {
      context.skip();
      return;
    }
    const { token } = await userToken(app, 'agent');
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    const cases = protectedRoutes().map((route): SecurityCase => ({
      name: `${key(route)} · révoqué`,
      family: 'jeton',
      kind: 'révoqué',
      request: {
        method: route.method,
        url: fillUrl(route.url, values),
        headers: bearer(token),
      },
      expect: 401,
    }));
    expect(await failures(cases)).toEqual([]);
  });
});

describe('roles: routes declared admin refuse an agent with 403, and only they do', () => {
  it('every admin route × agent token → 403, before its body is read', async () => {
    const admin = routes.filter((route) => route.access === 'admin');
    expect(admin.length).toBeGreaterThan(20);
    const cases = admin.map((route): SecurityCase => ({
      name: `${key(route)} · agent`,
      family: 'rôle',
      kind: 'agent',
      // An invalid body: authorization must come first (issue 9, Low).
      request: {
        method: route.method,
        url: fillUrl(route.url, values),
        headers: bearer(tokens.agent),
        ...(route.method !== 'GET' && { payload: { champInconnu: 1 } }),
      },
      expect: 403,
    }));
    expect(await failures(cases)).toEqual([]);
  });

  it('no route declared for every user answers 403 to an agent, nor an admin route to an administrator', async () => {
    const refused: string[] = [];
    // `client` routes take a client's API key, never a user token (checked below).
    for (const route of protectedRoutes().filter((entry) => entry.access !== 'client')) {
      // POST /auth/logout and /auth/logout-all revoke the token they are sent with: each gets one of its own.
      const token =
        key(route) === 'POST /api/auth/logout' || key(route) === 'POST /api/auth/logout-all'
          ? (await userToken(app, 'agent')).token
          : route.access === 'admin'
            ? tokens.admin
            : tokens.agent;
      const response = await app.inject({
        method: route.method as InjectOptions['method'],
        url: fillUrl(route.url, values),
        headers: bearer(token),
      });
      if (response.statusCode === 401 || response.statusCode === 403) {
        refused.push(`${key(route)} (${route.access}): ${response.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('client routes (X-Api-Key): a user token is no key', () => {
  it('every client route answers 401 to an administrator token without a key', async () => {
    const client = routes.filter((route) => route.access === 'client');
    expect(client.length).toBeGreaterThan(0);
    const cases = client.map((route): SecurityCase => ({
      name: `${key(route)} · admin sans clé`,
      family: 'jeton',
      kind: 'admin sans clé',
      request: {
        method: route.method,
        url: fillUrl(route.url, values),
        headers: bearer(tokens.admin),
      },
      expect: 401,
    }));
    expect(await failures(cases)).toEqual([]);
  });

  it('a valid key of the right client is accepted (the variants below differ by the key only)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/demande_hebergement/externe/${keys.reference}`,
      headers: { [API_KEY_HEADER]: keys.key },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("every client route × {no key, empty, garbage, unknown, huge, revoked, a user token} → 401; another client's key on a request → 404", async () => {
    const cases = apiKeyCases(routes, values, keys, tokens.admin);
    expect(cases.filter((item) => item.expect === 401).length).toBeGreaterThanOrEqual(3 * 7);
    expect(cases.some((item) => item.expect === 404)).toBe(true);
    expect(await failures(cases)).toEqual([]);
  });
});

describe('hostile inputs on every route with a schema: 4xx, never 5xx (a sample per route)', () => {
  /** Every hostile case, per route; client routes get a valid key, the others the administrator's token. */
  let all: SecurityCase[][] | undefined;
  const everyCase = () =>
    (all ??= routes.map((route) =>
      hostileCases(route, values, credentialsFor(route, { key: keys.key, token: tokens.admin })),
    ));

  it('the sample hits every route and field with a schema, and sends every kind of hostile value', () => {
    const all = everyCase();
    const sample = all.flatMap((cases, index) => sampleCases(cases, index));
    const fieldOf = (item: SecurityCase) => item.name.split(' · ').slice(0, 2).join(' · ');
    expect(new Set(sample.map(fieldOf))).toEqual(new Set(all.flat().map(fieldOf)));
    expect(new Set(sample.map((item) => item.kind))).toEqual(new Set(all.flat().map((item) => item.kind)));
  });

  it('path parameters, query strings and bodies', async () => {
    const perRoute = everyCase().map((routeCases, index) => sampleCases(routeCases, index));
    const cases = perRoute.flat();
    expect(cases.length).toBeGreaterThan(500);
    // The client routes' cases carry a valid key: they must reach validation, never stop at the key check.
    const withKey = new Set(perRoute.filter((_, index) => routes[index]?.access === 'client').flat());
    expect(withKey.size).toBeGreaterThan(10);
    expect(await failures(cases, withKey)).toEqual([]);
  });
});
