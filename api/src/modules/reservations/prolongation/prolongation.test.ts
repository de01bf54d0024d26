import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { contratClientTarifs, contratsClients } from '../../../db/schema';
import {
  auditActions,
  book,
  buildWorld,
  call,
  day,
  invariantViolations,
  nightsOf,
  residents,
  stayOf,
  type World,
} from '../../../../test/fixtures/reservations-write';
import { rowsOf } from '../../../db/raw';
import { frenchDate } from '../../../lib/days';

let w: World;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
});
afterAll(() => w.app.close());

const parentPeriod = async (id: number) =>
  (
    await rowsOf<{ date_debut: string; date_fin: string }>(
      w.app.db,
      sql`select date_debut::text as date_debut, date_fin::text as date_fin from reservations_meres where id = ${id}`,
    )
  )[0];

describe('PUT /reservations/prolongation/:id', () => {
  it('creates a new confirmed stay from date_fin, priced at its own lines, and widens the parent', async () => {
    const [id = 0] = await residents(w, 1);
    const { id_reservation_mere, reservation_ids } = await book(w, [id], {
      start_date: day(27),
      end_date: day(29),
      confirmer: true,
    });
    const stay = reservation_ids[0] ?? 0;
    const response = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(31) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      id_reservation_mere: number;
      reservation_ids: number[];
      message: string;
    }>();
    expect(answer.id_reservation_mere).toBe(id_reservation_mere);
    expect(answer.message).toContain(frenchDate(day(31)));
    const [extension = 0] = answer.reservation_ids;
    expect(await stayOf(w, extension)).toMatchObject({
      statut: 'confirmee',
      type_resa: 'prolongation',
      prolongation_de_id: stay,
      date_debut: day(29),
      date_fin: day(31),
    });
    expect(
      (await nightsOf(w, extension)).map((n) => [n.date_nuit, n.prix_achat_ht, n.prix_vente_ht]),
    ).toEqual([
      [day(29), '60.00', '75.00'],
      [day(30), '70.00', '80.00'],
    ]);
    expect(await parentPeriod(id_reservation_mere)).toEqual({ date_debut: day(27), date_fin: day(31) });
    expect(await auditActions(w, 'reservation', extension)).toEqual(['prolongation']);
    // The stay is extended now: extend the extension instead.
    const twice = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(33) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      `La réservation n° ${stay} est déjà prolongée : prolongez la réservation n° ${extension}.`,
    );
  });

  it('keeps a pending stay pending; 400 for a date not after date_fin; 404; 409 for a cancelled stay', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], { start_date: day(40), end_date: day(42) });
    const stay = reservation_ids[0] ?? 0;
    const bad = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(42) });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(w, 'PUT', '/reservations/prolongation/999999', { end_date: day(50) })).statusCode,
    ).toBe(404);
    expect((await call(w, 'PUT', `/reservations/prolongation/${stay}`, {})).statusCode).toBe(400);
    const ok = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(44) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stayOf(w, ok.json().reservation_ids[0]))?.statut).toBe('en_attente');
    const [other = 0] = await residents(w, 1);
    const { reservation_ids: ids } = await book(w, [other], { start_date: day(40), end_date: day(42) });
    expect(
      (await call(w, 'PUT', `/reservations/annulation/${ids[0]}`, { motif: 'Départ du foyer' })).statusCode,
    ).toBe(200);
    const cancelled = await call(w, 'PUT', `/reservations/prolongation/${ids[0]}`, { end_date: day(44) });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/annulée : prolongation impossible/);
  });

  it('uses another active contract of the client when the stay’s one is no longer active, else 409', async () => {
    const [id = 0] = await residents(w, 1);
    const { reservation_ids } = await book(w, [id], {
      start_date: day(80),
      end_date: day(82),
      confirmer: true,
    });
    const stay = reservation_ids[0] ?? 0;
    await w.app.db.execute(sql`update contrats_clients set statut = 'suspendu' where id = ${w.cc.id}`);
    const none = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(84) });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/Aucun contrat client actif/);
    const [other] = await w.app.db
      .insert(contratsClients)
      .values({
        reference: `CC-AUTRE-${Date.now()}`,
        clientId: w.client.id,
        dateDebut: day(60),
        dateFin: day(120),
        statut: 'actif',
        modeTarification: 'par_personne',
        tauxTvaNuitee: '10.00',
        tauxTvaRepas: '10.00',
      })
      .returning();
    await w.app.db.insert(contratClientTarifs).values({
      contratId: other?.id ?? 0,
      typeChambreId: w.double.id,
      dateDebut: day(60),
      dateFin: day(120),
      prixNuiteeHt: '77.00',
    });
    const response = await call(w, 'PUT', `/reservations/prolongation/${stay}`, { end_date: day(84) });
    await w.app.db.execute(sql`update contrats_clients set statut = 'actif' where id = ${w.cc.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const [extension = 0] = response.json().reservation_ids;
    expect((await nightsOf(w, extension))[0]?.prix_vente_ht).toBe('77.00');
  });

  it('applyToAllPr extends the last stay of every resident of the parent, skipping those already long enough', async () => {
    const ids = await residents(w, 3);
    const { reservation_ids } = await book(w, ids, {
      start_date: day(130),
      end_date: day(132),
      confirmer: true,
    });
    const [a = 0, b = 0, c = 0] = reservation_ids;
    const first = await call(w, 'PUT', `/reservations/prolongation/${a}`, { end_date: day(134) });
    expect(first.statusCode).toBe(200);
    const [aExt = 0] = first.json().reservation_ids;
    const second = await call(w, 'PUT', `/reservations/prolongation/${b}`, { end_date: day(133) });
    const [bExt = 0] = second.json().reservation_ids;
    const all = await call(w, 'PUT', `/reservations/prolongation/${c}`, {
      end_date: day(134),
      applyToAllPr: true,
    });
    expect(all.statusCode, all.body).toBe(200);
    const created = all.json<{ reservation_ids: number[] }>().reservation_ids;
    expect(created).toHaveLength(2);
    const extended = await Promise.all(created.map((id) => stayOf(w, id)));
    expect(extended.map((s) => [s?.prolongation_de_id, s?.date_debut, s?.date_fin]).sort()).toEqual(
      [
        [bExt, day(133), day(134)],
        [c, day(132), day(134)],
      ].sort(),
    );
    expect((await stayOf(w, aExt))?.date_fin).toBe(day(134));
    expect(await invariantViolations(w)).toEqual([]);
  });
});

describe('POST /reservations/prolongation_multiple', () => {
  it('is all or nothing by default: 409 with msg and per-row results, nothing created', async () => {
    const ids = await residents(w, 2);
    const { reservation_ids } = await book(w, ids, {
      start_date: day(150),
      end_date: day(152),
      confirmer: true,
    });
    const [a = 0, b = 0] = reservation_ids;
    expect(
      (await call(w, 'PUT', `/reservations/annulation/${b}`, { motif: 'Départ du foyer' })).statusCode,
    ).toBe(200);
    const response = await call(w, 'POST', '/reservations/prolongation_multiple', {
      reservation_ids: [a, b],
      end_date: day(154),
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<{
      message: string;
      msg: string;
      resultats: { ok: boolean; message: string }[];
    }>();
    expect(body.msg).toBe(body.message);
    expect(body.msg).toMatch(/tout ou rien/);
    expect(body.resultats.map((r) => r.ok)).toEqual([false, false]);
    expect(body.resultats[1]?.message).toMatch(/annulée/);
    const none = await rowsOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from reservations where prolongation_de_id = ${a}`,
    );
    expect(none[0]?.n).toBe(0);

    const partial = await call(w, 'POST', '/reservations/prolongation_multiple', {
      reservation_ids: [a, b],
      end_date: day(154),
      partiel: true,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().message).toBe('1 réservation prolongée, 1 en échec.');
    expect(partial.json().resultats[0]).toMatchObject({ reservation_id: a, ok: true });
    expect(await auditActions(w, 'reservation', partial.json().resultats[0].prolongation_id)).toEqual([
      'prolongation',
    ]);
  });

  it('extends every stay of the list; its 400s also carry msg', async () => {
    const ids = await residents(w, 2);
    const one = await book(w, [ids[0] ?? 0], { start_date: day(160), end_date: day(162) });
    const two = await book(w, [ids[1] ?? 0], { start_date: day(160), end_date: day(161) });
    const response = await call(w, 'POST', '/reservations/prolongation_multiple', {
      reservation_ids: [...one.reservation_ids, ...two.reservation_ids],
      end_date: day(165),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('2 réservations prolongées, 0 en échec.');
    const bad = await call(w, 'POST', '/reservations/prolongation_multiple', {
      reservation_ids: [],
      end_date: day(1),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/reservation_ids/);
    expect(bad.json().message).toBe(bad.json().msg);
    expect(await invariantViolations(w)).toEqual([]);
  });
});
