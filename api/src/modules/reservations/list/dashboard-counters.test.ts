/**
 * The four reservation badges of the dashboard (spec §7 « Dashboard counter filters »): each counter counts the work
 * left — PAF / CAF to verify on stays with a night already due, yesterday's arrivals still to check — and equals the
 * total of the lists it opens (POST /reservations and the pointage list), on stays written for the purpose and on the
 * demo data (docs/domain.md « PAF / CAF à vérifier », « jours = commence_h »).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_RESERVATION_FILTERS,
  RESERVATIONS_PATHS as PATHS,
  ROOMING_PATHS,
  type PointageListAnswer,
  type ReservationListAnswer,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../../test/helper';
import {
  addDays,
  insertReservation,
  insertResident,
  insertWorld,
  postAs,
  today as T,
  type StayValues,
  type World,
} from '../../../../test/fixtures/reservations-read';
import { rowsOf } from '../../../db/raw';
import { DEMO_PRESETS, generateDemoData } from '../../../demo/generate-demo-data';

type Counter = keyof typeof DASHBOARD_RESERVATION_FILTERS;

/** Every page of a list (200 rows a page): its total, the ids of its rows. */
async function wholeList(app: FastifyInstance, token: string, url: string, filters: object) {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; page === 1 || ids.length < total; page++) {
    const response = await postAs(app, token, url, { ...filters, page, pageSize: 200 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ReservationListAnswer | PointageListAnswer>();
    total = answer.total;
    if (answer.reservations.length === 0) break;
    ids.push(...answer.reservations.map((row) => row.id));
  }
  return { total, ids: ids.sort((a, b) => a - b) };
}

/** The counter and the two lists it opens (POST /reservations, the pointage list), each read whole. */
async function readings(app: FastifyInstance, token: string, counter: Counter) {
  const filters = DASHBOARD_RESERVATION_FILTERS[counter];
  const count = await postAs(app, token, PATHS.count, filters);
  expect(count.statusCode, count.body).toBe(200);
  const list = await wholeList(app, token, PATHS.list, filters);
  const pointage = await wholeList(app, token, ROOMING_PATHS.pointageNuitees, filters);
  return {
    counter: count.json<{ total: number }>().total,
    list: list.total,
    listIds: list.ids,
    pointage: pointage.total,
    pointageIds: pointage.ids,
  };
}

/** Counter = list total = pointage total, every row listed; answers the ids. */
async function idsOf(app: FastifyInstance, token: string, counter: Counter): Promise<number[]> {
  const read = await readings(app, token, counter);
  expect(read.list, counter).toBe(read.counter);
  expect(read.pointage, counter).toBe(read.counter);
  expect(read.listIds, counter).toHaveLength(read.counter);
  expect(read.pointageIds, counter).toEqual(read.listIds);
  return read.listIds;
}

/**
 * An independent recount over the nights: stays of the stream whose summary is « à vérifier » with a night dated
 * before today (Europe/Paris) that is not cancelled.
 */
async function toVerifyByNights(app: FastifyInstance, flux: 'paf' | 'caf'): Promise<number[]> {
  const status = sql.raw(`status_${flux}`);
  const etat = sql.raw(`etat_payment_${flux}`);
  const rows = await rowsOf<{ id: number }>(
    app.db,
    sql`select r.id from reservations r where r.${status} and r.${etat} = 'a_verifier'
      and exists (select 1 from nuitees n where n.reservation_id = r.id and not n.annulee
        and n.date_nuit < (now() at time zone 'Europe/Paris')::date)
      order by r.id`,
  );
  return rows.map((row) => row.id);
}

/** Yesterday's arrivals, not cancelled, whose first night is still « non pointé », recounted over the nights. */
async function toCheckByNights(app: FastifyInstance): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    app.db,
    sql`select r.id from reservations r join nuitees n on n.reservation_id = r.id and n.date_nuit = r.date_debut
      where r.date_debut = (now() at time zone 'Europe/Paris')::date - 1 and r.statut <> 'annulee'
        and not n.annulee and n.presence = 'non_pointe'
      order by r.id`,
  );
  return rows.map((row) => row.id);
}

describe('dashboard counters on stays written for the purpose', () => {
  let app: FastifyInstance;
  let token: string;
  let world: World;

  beforeAll(async () => {
    app = await buildTestApp();
    token = (await userToken(app, 'agent')).token;
    world = await insertWorld(app);
  });
  afterAll(() => app.close());

  /** A stay of its own resident (one bed a night), with both streams unless said. */
  const stay = async (values: Omit<StayValues, 'pensionnaireId'>) =>
    (
      await insertReservation(app, world, {
        pensionnaireId: (await insertResident(app, world.clientId)).id,
        statusPaf: true,
        statusCaf: true,
        ...values,
      })
    ).id;

  it('PAF and CAF « à vérifier » count only the stays with a night already due, not cancelled before it', async () => {
    const running = await stay({ dateDebut: addDays(T, -3), dateFin: addDays(T, 3), statut: 'en_cours' });
    const finished = await stay({ dateDebut: addDays(T, -12), dateFin: addDays(T, -4), statut: 'terminee' });
    // Nothing due yet: a stay to come, and one arriving today (tonight's night is not over).
    await stay({ dateDebut: addDays(T, 2), dateFin: addDays(T, 6) });
    await stay({ dateDebut: T, dateFin: addDays(T, 2), statut: 'en_cours' });
    // Cancelled before its first night: ahead, and in the past (cancelled a week before it began).
    await stay({ dateDebut: addDays(T, 1), dateFin: addDays(T, 4), statut: 'annulee' });
    const cancelledEarly = await stay({
      dateDebut: addDays(T, -5),
      dateFin: addDays(T, -2),
      statut: 'annulee',
    });
    await app.db.execute(
      sql`update reservations set annulee_at = ${addDays(T, -12)}::date + time '10:00' where id = ${cancelledEarly}`,
    );
    // Cancelled today after two nights (a no-show's rest): those two nights are still to be paid.
    const cancelledDuring = await stay({
      dateDebut: addDays(T, -2),
      dateFin: addDays(T, 3),
      statut: 'annulee',
      nights: { [addDays(T, -2)]: { annulee: false }, [addDays(T, -1)]: { annulee: false } },
    });
    // Verified already, and a stay the stream does not apply to.
    await stay({
      dateDebut: addDays(T, -6),
      dateFin: addDays(T, 2),
      etatPaymentPaf: 'paye',
      etatPaymentCaf: 'non_paye',
    });
    await stay({ dateDebut: addDays(T, -6), dateFin: addDays(T, 2), statusPaf: false, statusCaf: false });

    const expected = [running, finished, cancelledDuring].sort((a, b) => a - b);
    expect(await idsOf(app, token, 'totalPaf')).toEqual(expected);
    expect(await idsOf(app, token, 'totalCaf')).toEqual(expected);
    expect(await toVerifyByNights(app, 'paf')).toEqual(expected);
    expect(await toVerifyByNights(app, 'caf')).toEqual(expected);

    // The same filter in the reservation list's screen (a state filter alone) and in the exports' bodies.
    const alone = await postAs(app, token, PATHS.count, {
      etat_payment_paf: 'a_verifier',
      statut: 'en_cours',
    });
    expect(alone.json()).toEqual({ total: 1 });
  });

  it('« commencées hier » counts the arrivals still to check; pointing them brings it down to 0', async () => {
    const yesterday = addDays(T, -1);
    const waiting = await stay({ dateDebut: yesterday, dateFin: addDays(T, 3), statut: 'en_cours' });
    const later = await stay({ dateDebut: yesterday, dateFin: addDays(T, 2), statut: 'en_cours' });
    await stay({
      dateDebut: yesterday,
      dateFin: addDays(T, 4),
      statut: 'en_cours',
      nights: { [yesterday]: { presence: 'present' } },
    });
    await stay({
      dateDebut: yesterday,
      dateFin: addDays(T, 1),
      statut: 'en_cours',
      nights: { [yesterday]: { presence: 'absent' } },
    });
    await stay({ dateDebut: yesterday, dateFin: addDays(T, 2), statut: 'annulee' });
    // Arrived the day before yesterday: not yesterday's arrival, even if its first night is not pointed.
    await stay({ dateDebut: addDays(T, -2), dateFin: addDays(T, 2), statut: 'en_cours' });

    expect(await idsOf(app, token, 'totalPresence')).toEqual([waiting, later].sort((a, b) => a - b));
    expect(await toCheckByNights(app)).toEqual([waiting, later].sort((a, b) => a - b));

    for (const id of [waiting, later]) {
      const [row] = await rowsOf<{ version: number }>(
        app.db,
        sql`select version from reservations where id = ${id}`,
      );
      const pointed = await app.inject({
        method: 'PUT',
        url: `/api${PATHS.updatePointage}/${id}`,
        headers: bearer(token),
        payload: {
          presence: id === waiting ? 'present' : 'absent',
          dates: [yesterday],
          version: row!.version,
        },
      });
      expect(pointed.statusCode, pointed.body).toBe(200);
    }
    expect(await idsOf(app, token, 'totalPresence')).toEqual([]);
    // Every arrival of yesterday stays within reach: the pointage list by arrival day lists the four not cancelled.
    const all = await postAs(app, token, ROOMING_PATHS.pointageNuitees, {
      date_arrivee: yesterday,
      start_date: yesterday,
      end_date: addDays(T, 1),
    });
    expect(all.json<PointageListAnswer>().total).toBe(4);
  });
});

describe('dashboard counters on the demo data', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp();
    token = (await userToken(app, 'agent')).token;
    // The stays only: the invoicing the preset adds (demo-facturation.ts) counts nothing here.
    await generateDemoData(app.db, { ...DEMO_PRESETS.demo, invoicedMonths: 0, today: T });
  }, 300_000);
  afterAll(() => app.close());

  it('each counter equals the total of its lists and the recount over the nights', async () => {
    const paf = await idsOf(app, token, 'totalPaf');
    const caf = await idsOf(app, token, 'totalCaf');
    expect(paf.length).toBeGreaterThan(0);
    expect(caf.length).toBeGreaterThan(0);
    expect(paf).toEqual(await toVerifyByNights(app, 'paf'));
    expect(caf).toEqual(await toVerifyByNights(app, 'caf'));
    // Before, every stay « à vérifier » of the stream was counted: those to come and those cancelled included.
    const [all] = await rowsOf<{ paf: number; caf: number }>(
      app.db,
      sql`select count(*) filter (where status_paf and etat_payment_paf = 'a_verifier')::int as paf,
        count(*) filter (where status_caf and etat_payment_caf = 'a_verifier')::int as caf from reservations`,
    );
    expect(all!.paf).toBeGreaterThan(paf.length);
    expect(all!.caf).toBeGreaterThan(caf.length);
    // Yesterday's arrivals are left to check by the demo data (the morning's work), and counted.
    const presence = await idsOf(app, token, 'totalPresence');
    expect(presence.length).toBeGreaterThan(0);
    expect(presence).toEqual(await toCheckByNights(app));
    await idsOf(app, token, 'totalProlonger');
  }, 120_000);
});
