import { ROOMING_EXPORTS, type RoomingExportKey } from 'shared/contract';
import type * as ReservationValues from 'shared/contract/reservation-values';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  type World,
} from '../../../../test/fixtures/reservations-write';

// Two rows at most, so that "too many rows" needs three stays, not 50,001.
vi.mock('shared/contract/reservation-values', async (importOriginal) => ({
  ...(await importOriginal<typeof ReservationValues>()),
  MAX_EXPORT_ROWS: 2,
}));

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  for (const id of await residents(w, 3))
    await book(w, [id], { start_date: day(-1), end_date: day(2), confirmer: true, status_paf: true });
});
afterAll(() => w.app.close());

describe('the twelve exports: too many rows', () => {
  it.each(Object.keys(ROOMING_EXPORTS) as RoomingExportKey[])(
    '%s answers 400 before sending anything',
    async (key) => {
      const body =
        ROOMING_EXPORTS[key].body === 'rooming'
          ? { start_date: day(-1), end_date: day(2), client_id: w.client.id }
          : { client_id: w.client.id };
      const response = await call(w, 'POST', ROOMING_EXPORTS[key].path, body);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message:
          "L'export porterait sur 3 réservations : au-delà de 2, affinez les filtres (période, client, établissement…).",
      });
    },
  );
});
