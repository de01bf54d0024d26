/**
 * The maintained numbers of stays: the unfiltered total of POST /reservations and /reservationsNumber is
 * `sum(variation)` of reservations_total (migration 0013), never a count, and each resident, client and hotel keeps
 * its own number (`nombre_sejours`, migration 0018) — these tests hold them equal to count(*) after every kind of
 * write.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RESERVATIONS_PATHS as PATHS, type ReservationListAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, userToken } from '../../../../test/helper';
import {
  addDays,
  insertReservation,
  insertResident,
  insertScenario,
  insertWorld,
  postAs,
  today,
  type Scenario,
} from '../../../../test/fixtures/reservations-read';
import { oneOf, rowsOf } from '../../../db/raw';
import { reservations, reservationsMeres } from '../../../db/schema';
import { advanceStatuses } from '../status-task/status-task';
import { compactReservationsTotal, countQuery } from '../reservation-items';

let app: FastifyInstance;
let token: string;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  s = await insertScenario(app);
});
afterAll(() => app.close());

const counted = async () =>
  Number((await oneOf<{ n: number }>(app.db, sql`select count(*)::int as n from reservations`))?.n);
const maintained = async () =>
  Number(
    (
      await oneOf<{ n: number }>(
        app.db,
        sql`select coalesce(sum(variation), 0)::int as n from reservations_total`,
      )
    )?.n,
  );
const variations = async () =>
  Number((await oneOf<{ n: number }>(app.db, sql`select count(*)::int as n from reservations_total`))?.n);

/** The residents, clients and hotels whose kept number of stays differs from a count of their stays. */
const drifted = () =>
  rowsOf(
    app.db,
    sql`select 'pensionnaire' as t, x.id, x.nombre_sejours, count(r.id)::int as n from pensionnaires x
        left join reservations r on r.pensionnaire_id = x.id group by x.id having x.nombre_sejours <> count(r.id)
      union all
      select 'client', x.id, x.nombre_sejours, count(r.id)::int from clients x
        left join reservations r on r.client_id = x.id group by x.id having x.nombre_sejours <> count(r.id)
      union all
      select 'etablissement', x.id, x.nombre_sejours, count(r.id)::int from etablissements x
        left join reservations r on r.etablissement_id = x.id group by x.id having x.nombre_sejours <> count(r.id)`,
  );

/**
 * The maintained numbers, the list's total and /reservationsNumber all equal count(*) — the unfiltered one and
 * one per resident, client and hotel; returns the unfiltered one.
 */
async function expectExact(): Promise<number> {
  const n = await counted();
  expect(await maintained()).toBe(n);
  expect(await drifted()).toEqual([]);
  const ofClient = await postAs(app, token, PATHS.count, { client_id: s.a.clientId });
  expect(ofClient.json()).toEqual({
    total: Number(
      (
        await oneOf<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from reservations where client_id = ${s.a.clientId}`,
        )
      )?.n,
    ),
  });
  const list = await postAs(app, token, PATHS.list, { pageSize: 1 });
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json<ReservationListAnswer>().total).toBe(n);
  const deep = await postAs(app, token, PATHS.list, { pageSize: 1, page: Math.max(n, 1) });
  expect(deep.json<ReservationListAnswer>().total).toBe(n);
  const count = await postAs(app, token, PATHS.count, {});
  expect(count.json()).toEqual({ total: n });
  return n;
}

let resident = 0;
async function stayOfNewResident(world = s.a, offset = 0) {
  resident += 1;
  const { id: pensionnaireId } = await insertResident(app, world.clientId, { nom: `Total${resident}` });
  return insertReservation(app, world, {
    pensionnaireId,
    dateDebut: addDays(today, 20 + offset),
    dateFin: addDays(today, 22 + offset),
  });
}

describe('the maintained numbers of stays (reservations_total, nombre_sejours)', () => {
  it('reads the maintained number, not a count, for an unfiltered total', () => {
    const unfiltered = JSON.stringify(countQuery({}).queryChunks);
    expect(unfiltered).toContain('reservations_total');
    expect(unfiltered).not.toContain('count(*)');
    // A blank search is no condition; a real one still counts the matching stays.
    expect(JSON.stringify(countQuery({ pensionnaire: '  ' }).queryChunks)).toContain('reservations_total');
    // Filters on one resident, client or hotel only sum the numbers they keep; any other filter counts.
    expect(JSON.stringify(countQuery({ client_id: 1 }).queryChunks)).toContain('nombre_sejours');
    expect(JSON.stringify(countQuery({ pensionnaire: 'dia', numero_dossier: 'A' }).queryChunks)).toContain(
      'nombre_sejours',
    );
    expect(JSON.stringify(countQuery({ client_id: 1, statut: 'confirmee' }).queryChunks)).toContain(
      'count(*)',
    );
    expect(JSON.stringify(countQuery({ client_id: 1, pensionnaire: 'dia' }).queryChunks)).toContain(
      'count(*)',
    );
  });

  it('equals count(*) after single inserts', async () => {
    expect(await expectExact()).toBe(7);
    await stayOfNewResident();
    expect(await expectExact()).toBe(8);
  });

  it('counts a statement inserting several stays once per stay, in one variation', async () => {
    const before = await variations();
    const n = await counted();
    const residents = await Promise.all(
      [1, 2, 3].map((i) => insertResident(app, s.b.clientId, { nom: `Lot${i}` })),
    );
    await app.db.transaction(async (tx) => {
      const common = {
        clientId: s.b.clientId,
        contratClientId: s.b.contratClientId,
        etablissementId: s.b.etablissementId,
        contratEtablissementId: s.b.contratEtablissementId,
        dateDebut: addDays(today, 40),
        dateFin: addDays(today, 41),
      };
      const [mere] = await tx
        .insert(reservationsMeres)
        .values(common)
        .returning({ id: reservationsMeres.id });
      await tx.insert(reservations).values(
        residents.map(({ id }) => ({
          ...common,
          idReservationMere: mere?.id as number,
          pensionnaireId: id,
          typeChambreId: s.b.typeChambreId,
        })),
      );
    });
    expect(await variations()).toBe(before + 1);
    expect(await expectExact()).toBe(n + 3);
  });

  it('leaves no variation for a rolled-back booking', async () => {
    const n = await counted();
    const before = await variations();
    const { id: pensionnaireId } = await insertResident(app, s.a.clientId, { nom: 'Annulé' });
    await expect(
      app.db.transaction(async (tx) => {
        await tx.insert(reservations).values({
          clientId: s.a.clientId,
          contratClientId: s.a.contratClientId,
          etablissementId: s.a.etablissementId,
          contratEtablissementId: s.a.contratEtablissementId,
          dateDebut: addDays(today, 50),
          dateFin: addDays(today, 51),
          idReservationMere: s.s1.mereId,
          pensionnaireId,
          typeChambreId: s.a.typeChambreId,
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await variations()).toBe(before);
    expect(await expectExact()).toBe(n);
  });

  it('is unchanged by cancellations and status changes (updates)', async () => {
    const n = await counted();
    await app.db.execute(
      sql`update reservations set statut = 'annulee', annulee_at = now(), version = version + 1 where id = ${s.s3.id}`,
    );
    await advanceStatuses(app.db);
    expect(await expectExact()).toBe(n);
    const cancelled = await postAs(app, token, PATHS.list, { statut: 'annulee', pageSize: 1 });
    const recount = await oneOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from reservations where statut = 'annulee'`,
    );
    expect(cancelled.json<ReservationListAnswer>().total).toBe(recount?.n);
  });

  it('moves the number of a stay moved to another resident, client and hotel', async () => {
    const stay = await stayOfNewResident();
    const { id: other } = await insertResident(app, s.b.clientId, { nom: 'Déplacé' });
    await app.db.execute(sql`delete from nuitees where reservation_id = ${stay.id}`);
    await app.db.execute(
      sql`update reservations set pensionnaire_id = ${other}, client_id = ${s.b.clientId},
          contrat_client_id = ${s.b.contratClientId}, etablissement_id = ${s.b.etablissementId},
          contrat_etablissement_id = ${s.b.contratEtablissementId}, type_chambre_id = ${s.b.typeChambreId},
          id_reservation_mere = ${s.s3.mereId}
        where id = ${stay.id}`,
    );
    const [kept] = await rowsOf<{ n: number }>(
      app.db,
      sql`select nombre_sejours as n from pensionnaires where id = ${other}`,
    );
    expect(kept!.n).toBe(1);
    await expectExact();
  });

  it('equals count(*) after deletes, one and several per statement', async () => {
    const n = await counted();
    const one = await stayOfNewResident(s.a, 10);
    const two = await stayOfNewResident(s.a, 12);
    const three = await stayOfNewResident(s.a, 14);
    expect(await expectExact()).toBe(n + 3);
    await app.db.execute(sql`delete from reservations where id = ${one.id}`);
    expect(await expectExact()).toBe(n + 2);
    await app.db.execute(sql`delete from reservations where id in (${two.id}, ${three.id})`);
    expect(await expectExact()).toBe(n);
    // A delete matching nothing adds no variation.
    const before = await variations();
    await app.db.execute(sql`delete from reservations where id = -1`);
    expect(await variations()).toBe(before);
  });

  it('equals count(*) after concurrent bookings and a compaction running among them', async () => {
    const n = await counted();
    // One after the other: the fixture numbers its contracts' references with a counter.
    const worlds = [
      await insertWorld(app),
      await insertWorld(app),
      await insertWorld(app),
      await insertWorld(app),
    ];
    const bookings = Array.from({ length: 16 }, (_, i) =>
      stayOfNewResident(worlds[i % worlds.length], 60 + i),
    );
    await Promise.all([...bookings, compactReservationsTotal(app.db), compactReservationsTotal(app.db)]);
    expect(await expectExact()).toBe(n + 16);
  });

  it('compacts to one row holding the same number', async () => {
    const n = await expectExact();
    expect(await variations()).toBeGreaterThan(1);
    await compactReservationsTotal(app.db);
    expect(await variations()).toBe(1);
    expect(await expectExact()).toBe(n);
    await stayOfNewResident(s.b, 90);
    expect(await expectExact()).toBe(n + 1);
  });

  it('is zero after a truncate', async () => {
    await app.db.execute(sql`truncate reservations cascade`);
    expect(await expectExact()).toBe(0);
    await stayOfNewResident(s.b, 95);
    expect(await expectExact()).toBe(1);
  });
});
