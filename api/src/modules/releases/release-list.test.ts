import type { FastifyInstance } from 'fastify';
import type { ReleaseSummary } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { releaseJson } from './releases.fixture';

let app: FastifyInstance;
let admin: string;
let agent: string;

const list = (remote: string, token = admin) =>
  app.inject({ method: 'GET', url: `/api/registry/${remote}/releases`, headers: bearer(token) });

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
  for (const [remote, id] of [
    ['mf-stats', 's1'],
    ['mf-stats', 's2'],
    ['mf-demandes', 'd1'],
  ] as const) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/registry/releases',
      headers: bearer(admin),
      payload: { release: releaseJson(remote, id) },
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
});
afterAll(() => app.close());

describe('GET /registry/:remote/releases', () => {
  it("lists the remote's own releases, newest registered first, as summaries", async () => {
    const answer = await list('mf-stats');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json<{ data: ReleaseSummary[] }>().data;
    expect(data.map((release) => release.id)).toEqual(['s2', 's1']);
    expect(data[0]).toMatchObject({
      remote: 'mf-stats',
      commit: 'abc1234',
      filesCount: 2,
      firstVisitBytes: 12_345,
    });
  });

  it('answers an empty list for a remote without releases, 400 for an invalid name, 403 to an agent', async () => {
    expect((await list('mf-inconnu')).json()).toEqual({ data: [] });
    expect((await list('Pas_Un_Nom')).statusCode).toBe(400);
    expect((await list('mf-stats', agent)).statusCode).toBe(403);
  });
});
