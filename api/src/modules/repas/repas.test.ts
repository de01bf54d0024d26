import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';

let app: FastifyInstance;
let agent: string;

beforeAll(async () => {
  app = await buildTestApp();
  agent = (await userToken(app, 'agent')).token;
});
afterAll(() => app.close());

describe('GET /api/repas', () => {
  it('lists the three meal types in the order of the day, for any authenticated user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/repas', headers: bearer(agent) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: { id: number; code: string; libelle: string; ordre: number }[];
      total: number;
    }>();
    expect(body.total).toBe(3);
    expect(body.data.map(({ code, libelle, ordre }) => ({ code, libelle, ordre }))).toEqual([
      { code: 'petit_dejeuner', libelle: 'Petit déjeuner', ordre: 1 },
      { code: 'dejeuner', libelle: 'Déjeuner', ordre: 2 },
      { code: 'diner', libelle: 'Dîner', ordre: 3 },
    ]);
  });

  it('requires a token, takes the standard list parameters only, and has no write route', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/repas' })).statusCode).toBe(401);
    const query = await app.inject({ method: 'GET', url: '/api/repas?prix=2', headers: bearer(agent) });
    expect(query.statusCode).toBe(400);
    // The standard list parameters of the screens' tables are accepted.
    const paged = await app.inject({
      method: 'GET',
      url: '/api/repas?page=1&pageSize=2&libelle=d',
      headers: bearer(agent),
    });
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json<{ data: unknown[]; total: number }>()).toMatchObject({ total: 3 });
    expect(paged.json<{ data: unknown[] }>().data).toHaveLength(2);
    expect(query.json()).toEqual({ message: "Le paramètre « prix » n'est pas autorisé." });
    const write = await app.inject({
      method: 'POST',
      url: '/api/repas',
      headers: bearer(agent),
      payload: {},
    });
    expect(write.statusCode).toBe(404);
  });
});
