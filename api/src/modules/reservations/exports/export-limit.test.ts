import type { FastifyInstance } from 'fastify';
import { RESERVATION_EXPORTS } from 'shared/contract';
import type * as ReservationValues from 'shared/contract/reservation-values';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import { insertReservation, insertResident, insertWorld } from '../../../../test/fixtures/reservations-read';

// Two rows at most, so that "too many rows" needs three stays, not 50,001.
vi.mock('shared/contract/reservation-values', async (importOriginal) => ({
  ...(await importOriginal<typeof ReservationValues>()),
  MAX_EXPORT_ROWS: 2,
}));

let app: FastifyInstance;
let token: string;
let clientId: number;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  const world = await insertWorld(app);
  clientId = world.clientId;
  for (const nom of ['Un', 'Deux', 'Trois']) {
    const pensionnaireId = (await insertResident(app, world.clientId, { nom })).id;
    await insertReservation(app, world, { pensionnaireId, dateDebut: '2026-05-01', dateFin: '2026-05-03' });
  }
});

afterAll(async () => {
  await app?.close();
});

describe('reservation exports: too many rows', () => {
  it.each(Object.values(RESERVATION_EXPORTS))(
    '$path answers 400 before sending anything',
    async ({ path }) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: bearer(token),
        payload: { client_id: clientId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message:
          "L'export porterait sur 3 réservations : au-delà de 2, affinez les filtres (période, client, établissement…).",
      });
    },
  );

  it('exports when the filters narrow it down', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${RESERVATION_EXPORTS.excelResaAll.path}`,
      headers: bearer(token),
      payload: { client_id: clientId, pensionnaire: 'Deux' },
    });
    expect(response.statusCode).toBe(200);
  });
});
