/**
 * Deep pages of every stay sorted by resident, client or hotel start from the numbers of stays those rows keep
 * (`nameGroupPageIdsQuery`, migration 0018): the same rows, in the same order, as the forward read — namesakes
 * (two residents « Homonyme Jean », two hotels « Hôtel Zénith » in two towns) whose stays interleave by id, a page
 * starting inside a name or past the end included.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import {
  addDays,
  insertReservation,
  insertResident,
  insertScenario,
  insertWorld,
  today,
} from '../../../../test/fixtures/reservations-read';
import { listReservations, nameGroupPageIdsQuery } from './list-service';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  const s = await insertScenario(app);
  const first = await insertResident(app, s.a.clientId, { nom: 'Homonyme', prenom: 'Jean' });
  const second = await insertResident(app, s.a.clientId, { nom: 'Homonyme', prenom: 'Jean' });
  // Another « Hôtel Zénith », in Paris (the scenario's is in Lyon).
  const paris = await insertWorld(app, { hotel: s.a.etablissementNom, ville: 'Paris' });
  const elsewhere = await insertResident(app, paris.clientId, { nom: 'Ailleurs' });
  for (let i = 0; i < 3; i += 1) {
    for (const pensionnaireId of [first.id, second.id])
      await insertReservation(app, s.a, {
        pensionnaireId,
        dateDebut: addDays(today, 30 + 3 * i),
        dateFin: addDays(today, 31 + 3 * i),
      });
    await insertReservation(app, paris, {
      pensionnaireId: elsewhere.id,
      dateDebut: addDays(today, 40 + 3 * i),
      dateFin: addDays(today, 41 + 3 * i),
    });
  }
});
afterAll(() => app.close());

describe('POST /reservations: deep pages sorted by a name', () => {
  it('give the rows of the forward read, for every name sort, order, page size and page', async () => {
    const { total } = await listReservations(app.db, { pageSize: 1, page: 1 });
    expect(total).toBe(16);
    for (const sort of ['pensionnaire', 'client', 'etablissement'] as const)
      for (const order of ['asc', 'desc'] as const)
        for (const pageSize of [1, 2, 3, 5])
          for (let page = 1; (page - 1) * pageSize <= total; page += 1) {
            const body = { sort, order, page, pageSize };
            // deepOffset 0: every page is read from the names' numbers; Infinity: never.
            const byNames = await listReservations(app.db, body, { deepOffset: 0 });
            const forward = await listReservations(app.db, body, { deepOffset: Number.POSITIVE_INFINITY });
            expect(byNames, `${sort} ${order} ${pageSize} × page ${page}`).toEqual(forward);
          }
  });

  it('is used for the name sorts only', () => {
    expect(nameGroupPageIdsQuery({ sort: 'pensionnaire', limit: 50, offset: 10_000 })).toBeDefined();
    expect(nameGroupPageIdsQuery({ sort: 'date_fin', limit: 50, offset: 10_000 })).toBeUndefined();
    expect(nameGroupPageIdsQuery({ limit: 50, offset: 10_000 })).toBeUndefined();
  });
});
