import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import {
  auditActions,
  book,
  buildWorld,
  call,
  day,
  invariantViolations,
  nightsOf,
  occupied,
  residents,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { rowsOf } from '../../../db/raw';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

/** Purchase price per night of a stay's non-cancelled nights: `{ date: price }`. */
async function purchase(id: number): Promise<Record<string, string>> {
  const nights = await nightsOf(w, id);
  return Object.fromEntries(nights.filter((n) => !n.annulee).map((n) => [n.date_nuit, n.prix_achat_ht]));
}

// The world's Double is bought per room (par_chambre) at 60.00 a night until day 30, 70.00 after; sold per person.
describe('par_chambre shares follow the room occupants', () => {
  it('a room-mate cancelling leaves the whole room price to the one who stays, from today on only', async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const { reservation_ids } = await book(w, [a, b], { start_date: day(-2), end_date: day(3) });
    const [first = 0, second = 0] = reservation_ids;
    expect(Object.values(await purchase(second))).toEqual(['30.00', '30.00', '30.00', '30.00', '30.00']);

    const cancelled = await call(w, 'PUT', `/reservations/annulation/${first}`, { motif: 'Départ du foyer' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Past nights are frozen (shared at 30.00); from tonight the room is the remaining resident's alone.
    expect(await purchase(second)).toEqual({
      [day(-2)]: '30.00',
      [day(-1)]: '30.00',
      [day(0)]: '60.00',
      [day(1)]: '60.00',
      [day(2)]: '60.00',
    });
    // Sale is per person: unchanged.
    expect(new Set((await nightsOf(w, second)).map((n) => n.prix_vente_ht))).toEqual(new Set(['75.00']));
    expect(await auditActions(w, 'reservation', second)).toEqual(['creation', 'repartition_chambre']);
    const history = await call(w, 'GET', `/reservations/historiques/${second}`);
    expect(history.json().historiques[0]).toMatchObject({
      action: 'repartition_chambre',
      libelle: 'Nouveau partage de la chambre',
      changements: [
        { champ: 'nuitees_recalculees', avant: null, apres: 3 },
        { champ: 'a_partir_du', avant: null, apres: day(0) },
      ],
    });
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('an early departure re-splits the nights after it; a newcomer shares the room again', async () => {
    const [a = 0, b = 0, c = 0] = await residents(w, 3);
    const { id_reservation_mere, reservation_ids } = await book(w, [a, b], {
      start_date: day(20),
      end_date: day(24),
    });
    const [first = 0, second = 0] = reservation_ids;
    expect((await call(w, 'PUT', `/reservations/${first}/${day(22)}`)).statusCode).toBe(200);
    expect(await purchase(second)).toEqual({
      [day(20)]: '30.00',
      [day(21)]: '30.00',
      [day(22)]: '60.00',
      [day(23)]: '60.00',
    });

    // A third resident joins the parent (whole period): shares with whoever is in the room each night.
    const added = await call(w, 'POST', `/reservations/edit/${id_reservation_mere}/${c}`, {});
    expect(added.statusCode, added.body).toBe(201);
    const third = added.json<{ reservation_id: number }>().reservation_id;
    expect(await purchase(second)).toEqual({
      [day(20)]: '30.00',
      [day(21)]: '30.00',
      [day(22)]: '30.00',
      [day(23)]: '30.00',
    });
    // Nights 20 and 21: three residents in Doubles → a shared room (the two lowest ids) and one alone.
    expect(await purchase(first)).toEqual({ [day(20)]: '30.00', [day(21)]: '30.00' });
    expect(await purchase(third)).toEqual({
      [day(20)]: '60.00',
      [day(21)]: '60.00',
      [day(22)]: '30.00',
      [day(23)]: '30.00',
    });
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('moving one resident to another room number gives each room its own price and counts two rooms', async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const { reservation_ids } = await book(w, [a, b], {
      start_date: day(30),
      end_date: day(31),
      chambre: '12',
    });
    const [first = 0, second = 0] = reservation_ids;
    const version = (await stayOf(w, second))?.version ?? 0;
    const moved = await call(w, 'PUT', `/reservations/${second}`, { version, chambre: '14' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await purchase(first)).toEqual({ [day(30)]: '70.00' });
    expect(await purchase(second)).toEqual({ [day(30)]: '70.00' });
    // Two room numbers are two rooms for the allotment too.
    expect(await occupied(w, w.ce.doubleH2, day(30))).toBe(2);
    // Back in room 12: shared again.
    const back = await call(w, 'PUT', `/reservations/${second}`, { version: version + 1, chambre: '12' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await purchase(first)).toEqual({ [day(30)]: '35.00' });
    expect(await purchase(second)).toEqual({ [day(30)]: '35.00' });
    expect(await occupied(w, w.ce.doubleH2, day(30))).toBe(1);
    expect(await invariantViolations(w)).toEqual([]);
  });

  it('an extension of one room-mate, then of the other, shares the new nights', async () => {
    const [a = 0, b = 0] = await residents(w, 2);
    const { reservation_ids } = await book(w, [a, b], { start_date: day(40), end_date: day(42) });
    const [first = 0, second = 0] = reservation_ids;
    const one = await call(w, 'PUT', `/reservations/prolongation/${first}`, { end_date: day(44) });
    expect(one.statusCode, one.body).toBe(200);
    const [extensionA] = await extensionsOf(first);
    expect(await purchase(extensionA ?? 0)).toEqual({ [day(42)]: '70.00', [day(43)]: '70.00' });
    const two = await call(w, 'PUT', `/reservations/prolongation/${second}`, { end_date: day(43) });
    expect(two.statusCode, two.body).toBe(200);
    const [extensionB] = await extensionsOf(second);
    expect(await purchase(extensionA ?? 0)).toEqual({ [day(42)]: '35.00', [day(43)]: '70.00' });
    expect(await purchase(extensionB ?? 0)).toEqual({ [day(42)]: '35.00' });
    expect(await invariantViolations(w)).toEqual([]);
  });
});

async function extensionsOf(id: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    w.app.db,
    sql`select id from reservations where prolongation_de_id = ${id} order by id`,
  );
  return rows.map((row) => row.id);
}
