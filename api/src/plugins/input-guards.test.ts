import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { INPUT_MESSAGES } from './input-guards';

// Test routes under the app's real Ajv options and hooks (no token: they are registered outside /api's secured scope).
let app: FastifyInstance;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

beforeAll(async () => {
  app = await buildTestApp();
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

  it('are found at the bottom of a deeply nested body without exhausting the stack', async () => {
    const depth = 200_000;
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
