/**
 * Races the database must settle (docs/domain.md "Integrity rules"): 50 simultaneous requests each time. On
 * PostgreSQL (TEST_DATABASE_URL, pool of 4) the transactions really overlap; on PGlite they serialise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import {
  addBody,
  book,
  buildWorld,
  call,
  day,
  invariantViolations,
  occupied,
  residents,
  type World,
} from './write-fixtures';

let w: World;
const N = 50;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('concurrent writes', () => {
  it('50 bookings of the same resident and nights: exactly one wins, 49 × 409', async () => {
    const [id = 0] = await residents(w, 1);
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        call(w, 'POST', '/reservations/add', addBody(w, [id], { start_date: day(10), end_date: day(14) })),
      ),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: N - 1 });
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toMatch(/a déjà une nuitée réservée le|réessayez/);
    expect(await occupied(w, w.ce.doubleH1, day(10))).toBe(1);
  });

  it('50 residents competing for the last room of an allotment: exactly one wins', async () => {
    const ids = await residents(w, N);
    const responses = await Promise.all(
      ids.map((id) =>
        call(
          w,
          'POST',
          '/reservations/add',
          addBody(w, [id], { type_chambre_id: w.simple.id, start_date: day(20), end_date: day(22) }),
        ),
      ),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: N - 1 });
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toMatch(/Plus de chambre disponible|réessayez/);
    expect(await occupied(w, w.ce.simple, day(20))).toBe(1);
  });

  it('50 extensions of the same stay: exactly one', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], {
      start_date: day(40),
      end_date: day(42),
      confirmer: true,
    });
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        call(w, 'PUT', `/reservations/prolongation/${reservation_ids[0]}`, { end_date: day(45) }),
      ),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 200: 1, 409: N - 1 });
  });

  it('leaves no double night, no counter over its allotment, every counter equal to its recomputation', async () => {
    expect(await invariantViolations(w)).toEqual([]);
  });
});
