/**
 * The maintained numbers of stays: the unfiltered total of POST /reservations and /reservationsNumber is
 * `sum(variation)` of reservations_total (migration 0013), never a count, each resident, client and hotel keeps
 * its own number (`nombre_sejours`, migration 0018), and the totals of a status and a period are sums of the stays
 * counted by status and day (`reservations_jours`, migration 0022) — these tests hold them equal to count(*) after
 * every kind of write.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  RESERVATIONS_PATHS as PATHS,
  type ReservationFilters,
  type ReservationListAnswer,
} from 'shared/contract';
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
import { reservationConditions, whereClause } from '../filters';
import {
  compactReservationsJours,
  compactReservationsTotal,
  countQuery,
  countReservations,
} from '../reservation-items';

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
const dayRows = async () =>
  Number((await oneOf<{ n: number }>(app.db, sql`select count(*)::int as n from reservations_jours`))?.n);
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
 * Statuses and periods around today (before, across and after the stays of the tests), each bound alone and both:
 * the bodies whose total is read from the stays counted by status and day.
 */
const PERIOD_STATUTS: ReservationFilters['statut'][] = [
  undefined,
  'annulee',
  'terminee',
  ['confirmee'],
  ['confirmee', 'en_cours'],
];
const PERIODS = [-400, -30, 0, 20, 45].flatMap((from) =>
  [1, 30].map((days) => ({ start_date: addDays(today, from), end_date: addDays(today, from + days) })),
);
const BOUNDS = [-30, 0, 21, 60].flatMap((at) => [
  { start_date: addDays(today, at) },
  { end_date: addDays(today, at) },
]);
const PERIOD_BODIES: ReservationFilters[] = PERIOD_STATUTS.flatMap((statut) =>
  [...PERIODS, ...BOUNDS, {}].map((period) => (statut === undefined ? period : { statut, ...period })),
).filter((filters) => Object.keys(filters).length > 0);

/** The bodies of `PERIOD_BODIES` whose maintained total differs from a count of the stays matching them. */
async function periodDrift(): Promise<{ filters: ReservationFilters; kept: number; n: number }[]> {
  const drift = [];
  for (const filters of PERIOD_BODIES) {
    const kept = await countReservations(app.db, filters);
    const row = await oneOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from reservations r ${whereClause(reservationConditions(filters))}`,
    );
    if (kept !== row?.n) drift.push({ filters, kept, n: Number(row?.n) });
  }
  return drift;
}

/**
 * The maintained numbers, the list's total and /reservationsNumber all equal count(*) — the unfiltered one, one
 * per resident, client and hotel, and one per status and period; returns the unfiltered one.
 */
async function expectExact(): Promise<number> {
  const n = await counted();
  expect(await maintained()).toBe(n);
  expect(await drifted()).toEqual([]);
  expect(await periodDrift()).toEqual([]);
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
    // Statuses and periods alone sum the stays counted by day; with any other filter, they count.
    for (const filters of PERIOD_BODIES) {
      const chunks = JSON.stringify(countQuery(filters).queryChunks);
      expect(chunks).toContain('reservations_jours');
      expect(chunks).not.toContain('count(*)');
    }
    expect(
      JSON.stringify(countQuery({ statut: 'confirmee', start_date: today, client_id: 1 }).queryChunks),
    ).toContain('count(*)');
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

  it('moves a stay whose dates change to its new days, and cancels out updates of other columns', async () => {
    const n = await counted();
    const stay = await stayOfNewResident(s.a, 5);
    const days = await dayRows();
    await app.db.execute(sql`update reservations set apec = not apec where id = ${stay.id}`);
    expect(await dayRows()).toBe(days);
    await app.db.execute(sql`delete from nuitees where reservation_id = ${stay.id}`);
    await app.db.execute(
      sql`update reservations set date_debut = date_debut - 40, date_fin = date_fin + 3 where id = ${stay.id}`,
    );
    expect(await expectExact()).toBe(n + 1);
    await app.db.execute(
      sql`update reservations set date_debut = date_debut + 70, date_fin = date_fin + 70, statut = 'en_attente'
        where id = ${stay.id}`,
    );
    expect(await expectExact()).toBe(n + 1);
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
    await Promise.all([
      ...bookings,
      compactReservationsTotal(app.db),
      compactReservationsTotal(app.db),
      compactReservationsJours(app.db),
      compactReservationsJours(app.db),
    ]);
    expect(await expectExact()).toBe(n + 16);
  });

  it('compacts to one row holding the same number, and to one row per status, side and day', async () => {
    // Two bookings of the same days: their variations are four rows, two once compacted.
    await stayOfNewResident(s.a, 30);
    await stayOfNewResident(s.b, 30);
    const n = await expectExact();
    expect(await variations()).toBeGreaterThan(1);
    await compactReservationsTotal(app.db);
    expect(await variations()).toBe(1);
    const days = await dayRows();
    await compactReservationsJours(app.db);
    const distinct = await oneOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from (select distinct statut, date_debut from reservations) d`,
    );
    const ends = await oneOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from (select distinct statut, date_fin from reservations) d`,
    );
    expect(await dayRows()).toBe(Number(distinct?.n) + Number(ends?.n));
    expect(await dayRows()).toBeLessThan(days);
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
