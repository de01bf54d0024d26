import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from './helper';

// What an attacker or a broken client sends, on real routes: always a 4xx with a French message, never a 5xx
// (issue 9, M5: NUL answered 500, "Infinity" passed integer schemas, year 0000 reached the database).

let app: FastifyInstance;
const tokens: Record<'admin' | 'agent', string> = { admin: '', agent: '' };
let clientId = 0;

beforeAll(async () => {
  app = await buildTestApp();
  tokens.admin = (await userToken(app, 'admin')).token;
  tokens.agent = (await userToken(app, 'agent')).token;
  const client = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: bearer(tokens.admin),
    payload: {
      nom: 'Client hostile',
      type: 'association',
      adresse: '1 rue A',
      codePostal: '75001',
      ville: 'Paris',
    },
  });
  expect(client.statusCode, client.body).toBe(201);
  clientId = client.json<{ data: { id: number } }>().data.id;
});
afterAll(() => app.close());

const NUL = "La requête contient un caractère nul, qui n'est pas autorisé.";
const SEARCH_ERROR = 'Une erreur est survenue lors de la récupération des pensionnaires.';
// A day outside 1900–2100, or a birth date in the future, fails the schema's format: Ajv's message for any format.
const DAY = (field: string) => `Le champ ${field} est invalide.`;
const BIRTH = 'Le champ dateNaissance est invalide.';

/** A resident's body; the table is built before any client exists, and its bodies fail validation anyway. */
const resident = (values: Record<string, unknown>, client = 1) => ({
  clientId: client,
  nom: 'Martin',
  prenom: 'Léa',
  sexe: 'F',
  numeroDossier: 'H-1',
  ...values,
});

interface Case {
  name: string;
  request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
  as?: 'admin' | 'agent';
  status: number;
  message: string;
}

const cases = (): Case[] => [
  // NUL, in a query, a path parameter, a body value and a body key.
  {
    name: 'NUL in a query',
    request: { method: 'GET', url: '/api/pensionnaires?nom=%00' },
    status: 400,
    message: NUL,
  },
  {
    name: 'NUL in a search query (route with its own error message)',
    request: { method: 'GET', url: '/api/contrat_client/pensionnaires/search/1/1?search=a%00' },
    status: 400,
    message: SEARCH_ERROR,
  },
  {
    name: 'NUL in a body value',
    request: { method: 'POST', url: '/api/reservations', payload: { pensionnaire: 'a\u0000b' } },
    status: 400,
    message: NUL,
  },
  {
    name: 'NUL in a body key',
    request: { method: 'POST', url: '/api/reservations', payload: { 'page\u0000': 1 } },
    status: 400,
    message: NUL,
  },
  {
    name: 'NUL in a written text',
    request: { method: 'POST', url: '/api/pensionnaires', payload: resident({ nom: 'Mar\u0000tin' }) },
    as: 'admin',
    status: 400,
    message: NUL,
  },
  // Integers: only plain decimal digits, and safe.
  {
    name: 'Infinity as a path parameter',
    request: { method: 'GET', url: '/api/contrat_client/pensionnaires/search/Infinity/1' },
    status: 400,
    message: SEARCH_ERROR,
  },
  {
    name: '1e309 as a path parameter',
    request: { method: 'GET', url: '/api/pensionnaires/1e309' },
    status: 400,
    message: 'Le paramètre id doit être un nombre entier.',
  },
  {
    name: 'Infinity as a query pageSize',
    request: { method: 'GET', url: '/api/pensionnaires?pageSize=Infinity' },
    status: 400,
    message: 'Le paramètre pageSize doit être un nombre entier.',
  },
  {
    name: 'a padded integer in a query',
    request: { method: 'GET', url: '/api/pensionnaires?page=%20%2012' },
    status: 400,
    message: 'Le paramètre page doit être un nombre entier.',
  },
  {
    name: 'a hexadecimal id filter',
    request: { method: 'GET', url: '/api/pensionnaires?clientId=0x10' },
    status: 400,
    message: 'Le paramètre clientId doit être un nombre entier.',
  },
  {
    name: '"Infinity" as a body pageSize',
    request: { method: 'POST', url: '/api/reservations', payload: { pageSize: 'Infinity' } },
    status: 400,
    message: 'Le champ pageSize doit être un nombre entier.',
  },
  {
    name: '"1.5" as a body page',
    request: { method: 'POST', url: '/api/reservations', payload: { page: '1.5' } },
    status: 400,
    message: 'Le champ page doit être un nombre entier.',
  },
  {
    name: '1e309 (Infinity) as a JSON number',
    request: {
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":1e309}',
    },
    status: 400,
    message: 'Le champ page doit être un nombre entier.',
  },
  // Days: 1900–2100, birth dates not in the future.
  {
    name: 'year 0000 in a filter',
    request: { method: 'POST', url: '/api/reservations', payload: { start_date: '0000-01-01' } },
    status: 400,
    message: DAY('start_date'),
  },
  {
    name: '2101-01-01 in a filter',
    request: { method: 'POST', url: '/api/reservations', payload: { end_date: '2101-01-01' } },
    status: 400,
    message: DAY('end_date'),
  },
  {
    name: '2101-01-01 in a query',
    request: { method: 'GET', url: '/api/contrat_client/pensionnaires/search/1/1?end_date=2101-01-01' },
    status: 400,
    message: SEARCH_ERROR,
  },
  {
    name: 'a birth date in 2999',
    request: {
      method: 'POST',
      url: '/api/pensionnaires',
      payload: resident({ dateNaissance: '2999-01-01' }),
    },
    as: 'admin',
    status: 400,
    message: BIRTH,
  },
  {
    name: 'a birth date in year 0000',
    request: {
      method: 'POST',
      url: '/api/pensionnaires',
      payload: resident({ dateNaissance: '0000-01-01' }),
    },
    as: 'admin',
    status: 400,
    message: BIRTH,
  },
  // What Fastify answers itself.
  {
    name: "a '%' URL",
    request: { method: 'GET', url: '/api/%' },
    status: 400,
    message: "L'adresse demandée est invalide.",
  },
  {
    name: 'a parameter longer than maxParamLength',
    request: { method: 'GET', url: `/api/pensionnaires/${'1'.repeat(200)}` },
    status: 414,
    message: "L'adresse demandée est trop longue.",
  },
  {
    name: 'a text/plain body',
    request: {
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    },
    status: 415,
    message: 'Type de contenu non pris en charge.',
  },
  {
    name: 'an XML body',
    request: {
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    },
    status: 415,
    message: 'Type de contenu non pris en charge.',
  },
  {
    name: 'malformed JSON',
    request: {
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":',
    },
    status: 400,
    message: 'Le corps de la requête est invalide.',
  },
  {
    name: 'an empty JSON body',
    request: {
      method: 'POST',
      url: '/api/pensionnaires',
      headers: { 'content-type': 'application/json' },
      payload: '',
    },
    as: 'admin',
    status: 400,
    message: 'Le corps de la requête est invalide.',
  },
  {
    name: 'a body over the limit',
    request: { method: 'POST', url: '/api/reservations', payload: { pensionnaire: 'x'.repeat(2_000_000) } },
    status: 413,
    message: 'Le corps de la requête est trop volumineux.',
  },
];

describe('hostile inputs answer 4xx, never 5xx', () => {
  it.each(cases().map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const response = await app.inject({
      ...testCase.request,
      headers: { ...bearer(tokens[testCase.as ?? 'agent']), ...testCase.request.headers },
    } as InjectOptions);
    expect(response.statusCode, response.body).toBe(testCase.status);
    // The message, and nothing else but the field it names.
    const { champ: _champ, ...answer } = response.json<{ message: string; champ?: string }>();
    expect(answer).toEqual({ message: testCase.message });
  });

  it('still accepts the plain values next to them', async () => {
    const ok = async (request: InjectOptions, status = 200) => {
      const response = await app.inject({ ...request, headers: bearer(tokens.admin) });
      expect(response.statusCode, `${JSON.stringify(request.url)} ${response.body}`).toBe(status);
    };
    await ok({ method: 'GET', url: `/api/pensionnaires?page=1&pageSize=200&clientId=${clientId}` });
    await ok({
      method: 'POST',
      url: '/api/reservations',
      payload: { page: '2', start_date: '1900-01-01', end_date: '2100-12-31' },
    });
    await ok(
      {
        method: 'POST',
        url: '/api/pensionnaires',
        payload: resident({ dateNaissance: '1900-01-01' }, clientId),
      },
      201,
    );
    await ok({ method: 'GET', url: '/api/pensionnaires?nom=Infinity' });
  });
});

describe('authorization comes before validation on admin-only routes', () => {
  it.each([
    ['POST', '/api/users', { email: 'pas-un-email' }],
    ['PUT', '/api/users/abc/role', { role: 'dieu' }],
    ['POST', '/api/pensionnaires', { nom: 'a\u0000' }],
    ['PUT', '/api/pensionnaires/Infinity', {}],
    ['POST', '/api/contrats-clients', { dateDebut: '0000-01-01' }],
    ['PUT', '/api/contrats-etablissement/1/statut', { statut: 'inconnu' }],
  ] as const)("an agent's invalid %s %s gets 403", async (method, url, payload) => {
    const response = await app.inject({ method, url, payload, headers: bearer(tokens.agent) });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: "Vous n'êtes pas autorisé à accéder à cette ressource." });
  });
});
