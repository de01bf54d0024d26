import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../test/helper';
import { INPUT_LIMITS, INPUT_MESSAGES } from '../lib/input-guards';

// Test routes under the app's real Ajv options and hooks (no token: they are registered outside /api's secured scope).
let app: FastifyInstance;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  app = await buildTestApp({ logger: { level: 'warn', stream } });
  app.get(
    '/guard/:id',
    {
      schema: {
        params: Type.Object({ id: Id }),
        querystring: Type.Object(
          {
            ids: Type.Optional(Type.Array(Id)),
            either: Type.Optional(Type.Union([Id, Type.Literal('tous')])),
            maybe: Type.Optional(Type.Union([Id, Type.Null()])),
            ratio: Type.Optional(Type.Number()),
            text: Type.Optional(Type.String()),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => ({ params: request.params, query: request.query }),
  );
  app.post(
    '/guard',
    {
      schema: {
        body: Type.Object({
          lines: Type.Optional(Type.Array(Type.Object({ quantity: Id }))),
          deep: Type.Optional(Type.Unknown()),
        }),
      },
    },
    async (request) => request.body,
  );
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('integers and numbers written plainly', () => {
  it.each([
    'Infinity',
    '-Infinity',
    '1e309',
    '1e3',
    '1.5',
    '1.0',
    '%20%2012',
    '12%20',
    '0x10',
    '0b1',
    '+5',
    '%20',
  ])('refuses /guard/%s', async (id) => {
    const response = await get(`/guard/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INPUT_MESSAGES.integer('Le paramètre', 'id') });
  });

  it('refuses an unsafe integer even when written plainly', async () => {
    const response = await get('/guard/1?ids=9007199254740993');
    expect(response.json()).toEqual({ message: INPUT_MESSAGES.integer('Le paramètre', 'ids') });
  });

  it('checks every item of an array parameter, single or repeated', async () => {
    expect((await get('/guard/1?ids=Infinity')).statusCode).toBe(400);
    const repeated = await get('/guard/1?ids=2&ids=1e3');
    expect(repeated.json()).toEqual({ message: INPUT_MESSAGES.integer('Le paramètre', 'ids.1') });
    expect((await get('/guard/1?ids=2&ids=3')).json()).toMatchObject({ query: { ids: [2, 3] } });
  });

  it('leaves a union that also takes strings, and the empty string of a nullable, to the schema', async () => {
    expect((await get('/guard/1?either=tous')).json()).toMatchObject({ query: { either: 'tous' } });
    expect((await get('/guard/1?either=7')).json()).toMatchObject({ query: { either: 7 } });
    expect((await get('/guard/1?maybe=')).json()).toMatchObject({ query: { maybe: null } });
    expect((await get('/guard/1?maybe=Infinity')).statusCode).toBe(400);
    expect((await get('/guard/1?text=Infinity')).json()).toMatchObject({ query: { text: 'Infinity' } });
  });

  it('takes decimals for a number, never Infinity', async () => {
    expect((await get('/guard/007?ratio=-1.25')).json()).toEqual({
      params: { id: 7 },
      query: { ratio: -1.25 },
    });
    const infinite = await get('/guard/1?ratio=Infinity');
    expect(infinite.json()).toEqual({ message: INPUT_MESSAGES.number('Le paramètre', 'ratio') });
  });

  it('refuses a JSON number that is not a safe integer, inside arrays of objects too', async () => {
    for (const quantity of ['1e300', '1.5', '"Infinity"', '"  3"']) {
      const response = await app.inject({
        method: 'POST',
        url: '/guard',
        headers: { 'content-type': 'application/json' },
        payload: `{"lines":[{"quantity":1},{"quantity":${quantity}}]}`,
      });
      expect(response.json(), quantity).toEqual({
        message: INPUT_MESSAGES.integer('Le champ', 'lines.1.quantity'),
      });
    }
  });
});

describe('NUL characters', () => {
  it('are refused in params, query, body values and keys', async () => {
    for (const response of [
      await get('/guard/%00'),
      await get('/guard/1?text=a%00'),
      await get('/guard/1?a%00=1'),
      await app.inject({ method: 'POST', url: '/guard', payload: { deep: { a: ['x', 'y\u0000'] } } }),
      await app.inject({ method: 'POST', url: '/guard', payload: { deep: { 'k\u0000': 1 } } }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: INPUT_MESSAGES.nul });
    }
  });

  it('are found at the bottom of a body nested as deep as allowed', async () => {
    const depth = INPUT_LIMITS.depth - 1;
    const payload = `{"deep":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
    const response = await app.inject({
      method: 'POST',
      url: '/guard',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INPUT_MESSAGES.nul });
  });
});

describe('the size and nesting of a request', () => {
  // Issue 36: 125,000 items spread into a call (`push(...items)`) threw a RangeError: a 500 on every route reading a
  // body, login and sign-up included. 300,000 items (600 kB, under the 1 MiB body limit) are past that on any stack.
  const items = new Array<string>(300_000).fill('0').join(',');
  const json = (payload: string, options: { address?: string; headers?: Record<string, string> } = {}) => ({
    headers: { 'content-type': 'application/json', ...options.headers },
    payload,
    remoteAddress: options.address ?? '127.0.0.1',
  });
  const nested = (depth: number) => `{"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('refuses a huge array, in a field or at the top, with a French 400 on public and signed-in routes', async () => {
    const { token } = await userToken(app, 'agent');
    for (const payload of [`{"x":[${items}]}`, `[${items}]`]) {
      for (const [method, url, headers] of [
        ['POST', '/api/auth/login', {}],
        ['POST', '/api/auth/signup', {}],
        ['PUT', '/api/auth/password', bearer(token)],
      ] as const) {
        const response = await app.inject({ method, url, ...json(payload, { headers }) });
        expect(response.statusCode, `${url} ${payload.slice(0, 8)}`).toBe(400);
        expect(response.json()).toEqual({ message: INPUT_MESSAGES.tooMany });
      }
    }
  });

  it('refuses a body nested deeper than the limit (10,000 arrays, 200,000 arrays) with a French 400', async () => {
    for (const depth of [INPUT_LIMITS.depth + 1, 10_000, 200_000]) {
      for (const url of ['/guard', '/api/auth/login']) {
        const response = await app.inject({ method: 'POST', url, ...json(nested(depth)) });
        expect(response.statusCode, `${url} ${depth}`).toBe(400);
        expect(response.json()).toEqual({ message: INPUT_MESSAGES.tooDeep });
      }
    }
    const deepest = await app.inject({
      method: 'POST',
      url: '/guard',
      ...json(nested(INPUT_LIMITS.depth - 1)),
    });
    expect(deepest.statusCode, deepest.body).toBe(200);
  });

  it('takes a body of exactly the most values allowed', async () => {
    // The object and its array are 2 values: the array may hold the rest.
    const most = new Array<string>(INPUT_LIMITS.values - 2).fill('0').join(',');
    const allowed = await app.inject({ method: 'POST', url: '/guard', ...json(`{"deep":[${most}]}`) });
    expect(allowed.statusCode).toBe(200);
    const over = await app.inject({ method: 'POST', url: '/guard', ...json(`{"deep":[${most},0]}`) });
    expect(over.json()).toEqual({ message: INPUT_MESSAGES.tooMany });
  });

  it('logs a refusal once per client address within a minute, without a stack', async () => {
    logLines.length = 0;
    for (const address of ['198.51.100.7', '198.51.100.7', '198.51.100.7', '198.51.100.8']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        ...json(`[${items}]`, { address }),
      });
      expect(response.statusCode).toBe(400);
    }
    const refusals = logLines
      .map((line) => JSON.parse(line) as { ip?: string; refusal?: string; err?: unknown; level: number })
      .filter((line) => line.refusal !== undefined);
    expect(refusals.map((line) => line.ip)).toEqual(['198.51.100.7', '198.51.100.8']);
    expect(refusals[0]).toMatchObject({ level: 40, refusal: INPUT_MESSAGES.tooMany });
    expect(logLines.join('')).not.toMatch(/RangeError|stack/);
  });
});
