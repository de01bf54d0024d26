/**
 * A full reservation's period spans its live stays (docs/domain.md « Period of a full reservation »): narrowed when
 * a stay is cut or cancelled, widened by an extension or a newcomer, its original dates when every stay is
 * cancelled — whatever writes the stay, each change audited.
 */
import { sql } from 'drizzle-orm';
import type {
  HistoriquesAnswer,
  ReservationIntegraleDetail,
  ReservationIntegraleListAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/raw';
import { buildTestApp } from '../../../../test/helper';
import {
  book,
  buildWorld,
  call,
  day,
  residents,
  type World,
} from '../../../../test/fixtures/reservations-write';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

async function periodOf(parentId: number): Promise<[string, string]> {
  const response = await call(w, 'GET', `/reservations_integrales/${parentId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<{ data: ReservationIntegraleDetail }>();
  return [data.date_debut, data.date_fin];
}

async function recalculations(parentId: number) {
  return rowsOf<{ before: unknown; after: unknown; actor_kind: string }>(
    w.app.db,
    sql`select before, after, actor_kind from audit_log
        where entity = 'reservation_mere' and entity_id = ${String(parentId)} and action = 'periode_recalculee'
        order by id`,
  );
}

const cancel = (id: number) => call(w, 'PUT', `/reservations/annulation/${id}`, { motif: 'Départ du foyer' });

describe('period of a full reservation', () => {
  it('follows an early departure and the cancellation of the other stay, then keeps its original dates', async () => {
    const { id_reservation_mere: parent, reservation_ids } = await book(w, await residents(w, 2), {
      start_date: day(20),
      end_date: day(24),
    });
    const [a = 0, b = 0] = reservation_ids;
    expect(await periodOf(parent)).toEqual([day(20), day(24)]);

    expect((await call(w, 'PUT', `/reservations/${a}/${day(21)}`)).statusCode).toBe(200);
    // b still runs to day 24.
    expect(await periodOf(parent)).toEqual([day(20), day(24)]);
    expect(await recalculations(parent)).toEqual([]);

    expect((await cancel(b)).statusCode).toBe(200);
    // Its only live stay ends on day 21: so does the full reservation.
    expect(await periodOf(parent)).toEqual([day(20), day(21)]);
    expect(await recalculations(parent)).toEqual([
      {
        before: { date_debut: day(20), date_fin: day(24) },
        after: { date_debut: day(20), date_fin: day(21) },
        actor_kind: 'system',
      },
    ]);
    const list = await call(w, 'POST', '/reservations_integrales', {
      client_id: w.client.id,
      start_date: day(22),
      end_date: day(23),
    });
    expect(
      list.json<ReservationIntegraleListAnswer>().reservations_integrales.map((m) => m.id),
    ).not.toContain(parent);

    // Every stay cancelled: the span of all of them, its original dates (the screens mark it cancelled).
    expect((await cancel(a)).statusCode).toBe(200);
    expect(await periodOf(parent)).toEqual([day(20), day(24)]);
    const { historiques } = (
      await call(w, 'GET', `/reservations/historiques/${a}`)
    ).json<HistoriquesAnswer>();
    expect(historiques.filter((h) => h.action === 'periode_recalculee').map((h) => h.libelle)).toEqual([
      'Période de la réservation intégrale recalculée',
      'Période de la réservation intégrale recalculée',
    ]);
  });

  it('widens with an extension and a newcomer, narrows when the extension is cancelled', async () => {
    const [first = 0, second = 0] = await residents(w, 2);
    const { id_reservation_mere: parent, reservation_ids } = await book(w, [first], {
      start_date: day(40),
      end_date: day(42),
      confirmer: true,
    });
    const extended = await call(w, 'PUT', `/reservations/prolongation/${reservation_ids[0]}`, {
      end_date: day(45),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await periodOf(parent)).toEqual([day(40), day(45)]);
    const [extension = 0] = extended.json<{ reservation_ids: number[] }>().reservation_ids;
    expect((await cancel(extension)).statusCode).toBe(200);
    expect(await periodOf(parent)).toEqual([day(40), day(42)]);
    const added = await call(w, 'POST', `/reservations/edit/${parent}/${second}`, {
      start_date: day(41),
      end_date: day(47),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await periodOf(parent)).toEqual([day(40), day(47)]);
  });

  it('is held by the database: a stay written without the services moves it too', async () => {
    const { id_reservation_mere: parent, reservation_ids } = await book(w, await residents(w, 1), {
      start_date: day(60),
      end_date: day(63),
    });
    // A later departure without its nights (the only write the nights' own rule allows alone).
    await w.app.db.execute(
      sql`update reservations set date_fin = ${day(64)}::date where id = ${reservation_ids[0]}`,
    );
    expect(await periodOf(parent)).toEqual([day(60), day(64)]);
    // A status change that moves no period writes nothing.
    await w.app.db.execute(
      sql`update reservations set statut = 'confirmee' where id = ${reservation_ids[0]}`,
    );
    expect(await recalculations(parent)).toHaveLength(1);
  });
});
