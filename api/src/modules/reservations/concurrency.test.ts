/**
 * Races the database must settle (docs/domain.md "Integrity rules"): 50 simultaneous requests each time, on a
 * real PostgreSQL with a pool of 4, so the transactions really overlap.
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
} from '../../../test/fixtures/reservations-write';

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

  it('room-mates cancelling, leaving early and moving rooms at once: every room still paid exactly once', async () => {
    // Eight residents in four Doubles of one full reservation (per-room purchase price), 50 writes at once.
    const ids = await residents(w, 8);
    const { reservation_ids: stays } = await book(w, ids, {
      start_date: day(60),
      end_date: day(66),
      confirmer: true,
    });
    const writes = Array.from({ length: N }, (_, index) => {
      const stay = stays[index % stays.length]!;
      if (index % 3 === 0)
        return call(w, 'PUT', `/reservations/annulation/${stay}`, { motif: 'Départ du foyer' });
      if (index % 3 === 1) return call(w, 'PUT', `/reservations/${stay}/${day(62 + (index % 3))}`);
      return call(w, 'PUT', `/reservations/${stay}`, { version: 1, chambre: String(100 + (index % 4)) });
    });
    const answers = await Promise.all(writes);
    const statuses = answers.map((r) => r.statusCode);
    // Each write applies or is refused with its reason — cancelled, changed meanwhile, busy (409), a departure no
    // longer before the one another write just set (400) — never a 5xx.
    expect(statuses.filter((status) => ![200, 400, 409].includes(status))).toEqual([]);
    expect(statuses).toContain(200);
  });

  it('leaves no double night, no counter over its allotment, counters equal to their recomputation, rooms paid once', async () => {
    expect(await invariantViolations(w)).toEqual([]);
  });
});
