import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import { EXPORT_MESSAGES, EXPORT_RETRY_AFTER_SECONDS } from '../../../plugins/export-slots';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';

// Issue 9 §2: at most one export per user and two overall here, so that the caps need no slow export to reach.
let app: FastifyInstance;
let agent: { id: number; token: string };
let colleague: { id: number; token: string };
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp({ exportLimits: { perUser: 1, total: 2 } });
  const first = await userToken(app, 'agent');
  const second = await userToken(app, 'agent');
  agent = { id: first.user.id, token: first.token };
  colleague = { id: second.user.id, token: second.token };
  const world = await insertWorld(app);
  clientId = world.clientId;
  const pensionnaireId = (await insertResident(app, world.clientId, { nom: 'Martin' })).id;
  await insertReservation(app, world, { pensionnaireId, dateDebut: '2026-05-01', dateFin: '2026-05-03' });
});

afterAll(async () => {
  await app?.close();
});

const exportAs = (token: string, path: string = RESERVATION_EXPORTS.excelResaAll.path) =>
  app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: bearer(token),
    payload: { client_id: clientId },
  });

describe('reservation exports: concurrency caps', () => {
  it.each(Object.values(RESERVATION_EXPORTS))(
    '$path answers 429 with Retry-After while the user already has an export running',
    async ({ path }) => {
      const running = app.exportSlots.acquire(agent.id);
      try {
        const response = await exportAs(agent.token, path);
        expect(response.statusCode).toBe(429);
        expect(response.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
        expect(response.json()).toEqual({ message: EXPORT_MESSAGES.perUser(1) });
        // Another user is not held back by it.
        expect((await exportAs(colleague.token, path)).statusCode).toBe(200);
      } finally {
        running();
      }
    },
  );

  it('answers 429 to everyone once the server runs its overall number of exports', async () => {
    const held = [app.exportSlots.acquire(9_001), app.exportSlots.acquire(9_002)];
    try {
      const response = await exportAs(colleague.token);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: EXPORT_MESSAGES.total });
    } finally {
      for (const release of held) release();
    }
  });

  it('gives the slot back when the file has been sent, so exports one after the other all succeed', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await exportAs(agent.token);
      expect(response.statusCode).toBe(200);
      await vi.waitFor(() => expect(app.exportSlots.running).toBe(0));
    }
  });

  it('does not take a slot for a body the schema refuses', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${RESERVATION_EXPORTS.excelResaAll.path}`,
      headers: bearer(agent.token),
      payload: { client_id: clientId, inconnu: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(app.exportSlots.running).toBe(0);
  });
});
