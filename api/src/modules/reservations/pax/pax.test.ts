import type { FastifyInstance } from 'fastify';
import { RESERVATIONS_PATHS as PATHS, type PaxAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  insertScenario,
  today,
  type Scenario,
  postAs,
} from '../../../../test/fixtures/reservations-read';
import { buildTestApp, userToken } from '../../../../test/helper';

let app: FastifyInstance;
let token: string;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  s = await insertScenario(app);
});
afterAll(() => app.close());

function post(url: string, payload: Record<string, unknown>) {
  return postAs(app, token, url, payload);
}

describe('POST /reservations/pax', () => {
  async function pax(filters: Record<string, unknown>): Promise<PaxAnswer> {
    const response = await post(PATHS.pax, filters);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaxAnswer>();
  }

  it("counts today's night by default", async () => {
    // Tonight: s1 (Diallo), s4 (Martin), s6 (Durand); s5 has left.
    expect(await pax({})).toEqual({ pax: 3, reservations: 3, nuitees: 3 });
  });

  it('counts the nights of a period, with filters, cancelled nights excluded', async () => {
    expect(await pax({ client_id: s.a.clientId, start_date: today, end_date: addDays(today, 3) })).toEqual({
      pax: 2,
      reservations: 2,
      nuitees: 4,
    });
    // s5 (3 nights) and s6 (2) for Durand: one resident.
    expect(
      await pax({
        pensionnaire_id: s.durand.id,
        start_date: addDays(today, -3),
        end_date: addDays(today, 2),
      }),
    ).toEqual({
      pax: 1,
      reservations: 2,
      nuitees: 5,
    });
    expect(await pax({ start_date: addDays(today, 10), end_date: addDays(today, 12) })).toEqual({
      pax: 0,
      reservations: 0,
      nuitees: 0,
    });
  });
});
