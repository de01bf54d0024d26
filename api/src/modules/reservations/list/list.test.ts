import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  FILTER_MESSAGES,
  DASHBOARD_RESERVATION_FILTERS,
  RESERVATIONS_PATHS as PATHS,
  ReservationListAnswer,
  type ReservationItem,
  type ReservationListBody,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, userToken } from '../../../../test/helper';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { selectReservationItems } from '../reservation-items';
import {
  idsStatementName,
  listIdsQuery,
  listReservations,
  listReservationsPage,
  NAME_PAGE_STATEMENTS_NAMED,
  nameGroupPageIdsQuery,
  namePageStatement,
  pageFromTheEnd,
  pageStatement,
  SEARCH_STATEMENTS_NAMED,
  searchStatementName,
  splitListBody,
} from './list-service';
import {
  addDays,
  insertScenario,
  today,
  type Scenario,
  postAs,
} from '../../../../test/fixtures/reservations-read';

let app: FastifyInstance;
let token: string;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  s = await insertScenario(app);
});
afterAll(() => app.close());

function post(url: string, payload: Record<string, unknown>) {
  return postAs(app, token, url, payload);
}

async function list(filters: Record<string, unknown> = {}): Promise<ReservationListAnswer> {
  const response = await post(PATHS.list, filters);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReservationListAnswer>();
}

/** Ids matching, in the answer's order; also checks /reservationsNumber agrees. */
async function ids(filters: Record<string, unknown>): Promise<number[]> {
  const answer = await list({ ...filters, pageSize: 100 });
  const count = await post(PATHS.count, filters);
  expect(count.statusCode, count.body).toBe(200);
  expect(count.json()).toEqual({ total: answer.total });
  expect(answer.reservations).toHaveLength(answer.total);
  return answer.reservations.map((row) => row.id);
}

const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

/** How many times this connection planned its prepared statement `name` generically and custom (0 before it). */
async function preparedPlans(db: Executor, name: string | undefined) {
  const [row] = await rowsOf<{ generic_plans: string; custom_plans: string }>(
    db,
    sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
  );
  return { generic: Number(row?.generic_plans ?? 0), custom: Number(row?.custom_plans ?? 0) };
}

/** Every sort the list accepts. */
const SORTS = [
  'id',
  'date_debut',
  'date_fin',
  'statut',
  'created_at',
  'pensionnaire',
  'client',
  'etablissement',
] as const;
describe('POST /reservations: filters', () => {
  it('lists every stay, date_debut desc then id desc, with the item fields', async () => {
    const answer = await list();
    expect(answer.total).toBe(7);
    // Starts: s7 T+10, s3 T+5, s4 & s6 T (s6 id > s4 id), s1 T−1, s5 T−3, s2 T−10.
    expect(answer.reservations.map((row) => row.id)).toEqual([
      s.s7.id,
      s.s3.id,
      s.s6.id,
      s.s4.id,
      s.s1.id,
      s.s5.id,
      s.s2.id,
    ]);
    const s1 = answer.reservations.find((row) => row.id === s.s1.id) as ReservationItem;
    expect(s1).toMatchObject({
      id_reservation_mere: s.s1.mereId,
      type_resa: 'initiale',
      prolongation_de_id: null,
      prolongee_par_id: null,
      statut: 'confirmee',
      pensionnaire_id: s.diallo.id,
      pensionnaire_nom: 'Diallo',
      pensionnaire_prenom: 'Aminata',
      numero_dossier: 'AX-1001',
      client_id: s.a.clientId,
      client_nom: s.a.clientNom,
      etablissement_id: s.a.etablissementId,
      etablissement_nom: s.a.etablissementNom,
      etablissement_ville: 'Lyon',
      type_chambre_id: s.a.typeChambreId,
      chambre: '12B',
      date_debut: addDays(today, -1),
      date_fin: addDays(today, 1),
      nombre_nuits: 2,
      status_caf: true,
      status_paf: false,
      etat_payment_caf: 'a_verifier',
      prolongable: true,
      version: 1,
    });
    expect(s1.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const s5 = answer.reservations.find((row) => row.id === s.s5.id) as ReservationItem;
    expect(s5.prolongee_par_id).toBe(s.s6.id);
    expect(s5.prolongable).toBe(false);
    const s6 = answer.reservations.find((row) => row.id === s.s6.id) as ReservationItem;
    expect(s6).toMatchObject({ type_resa: 'prolongation', prolongation_de_id: s.s5.id });
  });

  it('answers the four dashboard counters', async () => {
    expect(await ids(DASHBOARD_RESERVATION_FILTERS.totalProlonger)).toEqual([s.s1.id]);
    expect(await ids(DASHBOARD_RESERVATION_FILTERS.totalPresence)).toEqual([s.s1.id]);
    expect(await ids(DASHBOARD_RESERVATION_FILTERS.totalCaf)).toEqual([s.s1.id]);
    expect(await ids(DASHBOARD_RESERVATION_FILTERS.totalPaf)).toEqual([s.s2.id]);
  });

  it('serves the counters from a cache that every committed write drops: the next read sees the write', async () => {
    const total = async (filters: Record<string, unknown>) => {
      const response = await post(PATHS.count, filters);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ total: number }>().total;
    };
    const caf = DASHBOARD_RESERVATION_FILTERS.totalCaf;
    expect(await total(caf)).toBe(1);
    expect(await total(caf)).toBe(1);
    // Writes outside the API, as another API node would make them.
    const [before] = await rowsOf<{ status_caf: boolean; etat_payment_caf: string }>(
      app.db,
      sql`select status_caf, etat_payment_caf from reservations where id = ${s.s2.id}`,
    );
    await app.db.execute(
      sql`update reservations set status_caf = true, etat_payment_caf = 'a_verifier' where id = ${s.s2.id}`,
    );
    expect(await total(caf)).toBe(2);
    await app.db.execute(
      sql`update reservations set status_caf = ${before!.status_caf}, etat_payment_caf = ${before!.etat_payment_caf}
        where id = ${s.s2.id}`,
    );
    expect(await total(caf)).toBe(1);

    // « prolongeable » reads both contracts' alert delays: s4 ends at T+3, within the hotel's 4 days.
    const [saved] = await rowsOf<{ clients: [number, number][]; hotels: [number, number][] }>(
      app.db,
      sql`select (select json_agg(json_build_array(id, delai_alerte_jours)) from contrats_clients) as clients,
        (select json_agg(json_build_array(id, delai_alerte_jours)) from contrats_etablissement) as hotels`,
    );
    expect(await total({ etat: 'prolongable' })).toBe(2);
    await app.db.execute(sql`update contrats_etablissement set delai_alerte_jours = 0`);
    expect(await total({ etat: 'prolongable' })).toBe(1);
    await app.db.execute(sql`update contrats_clients set delai_alerte_jours = 5`);
    expect(await total({ etat: 'prolongable' })).toBe(2);
    for (const [table, rows] of [
      ['contrats_clients', saved!.clients],
      ['contrats_etablissement', saved!.hotels],
    ] as const)
      for (const [id, delay] of rows)
        await app.db.execute(
          sql`update ${sql.identifier(table)} set delai_alerte_jours = ${delay} where id = ${id}`,
        );
    expect(await total({ etat: 'prolongable' })).toBe(2);
    expect(await total(DASHBOARD_RESERVATION_FILTERS.totalProlonger)).toBe(1);
  });

  it('filters on the derived etat and jours', async () => {
    // s4 ends T+3, within the larger delay (hotel: 4); s5 ended today but is already extended.
    expect(sorted(await ids({ etat: 'prolongable' }))).toEqual(sorted([s.s1.id, s.s4.id]));
    expect(sorted(await ids({ jours: 'a_prolonger' }))).toEqual(sorted([s.s1.id, s.s5.id]));
    expect(await ids({ jours: 'commence_h' })).toEqual([s.s1.id]);
  });

  it('filters on the stay columns', async () => {
    expect(sorted(await ids({ statut: ['en_attente', 'annulee'] }))).toEqual(
      sorted([s.s3.id, s.s6.id, s.s7.id]),
    );
    expect(await ids({ statut: 'terminee' })).toEqual([s.s2.id]);
    expect(await ids({ type_resa: 'prolongation' })).toEqual([s.s6.id]);
    expect(await ids({ apec: true })).toEqual([s.s2.id]);
    expect(await ids({ status_paf: true })).toEqual([s.s2.id]);
    expect(await ids({ status_caf: true, etat_payment_caf: 'paye' })).toEqual([]);
    // « À vérifier » needs a night already due: s3 (T+5) and s6 (T) have none yet, s5 (T−3) has.
    expect(await ids({ etat_payment_paf: 'a_verifier', client_id: s.b.clientId })).toEqual([s.s5.id]);
    expect(await ids({ etat_payment_paf: 'paye', client_id: s.b.clientId })).toEqual([]);
    expect(sorted(await ids({ client_id: s.a.clientId }))).toEqual(
      sorted([s.s1.id, s.s2.id, s.s4.id, s.s7.id]),
    );
    expect(await ids({ etablissement_id: s.b.etablissementId })).toHaveLength(3);
    expect(sorted(await ids({ pensionnaire_id: s.martin.id }))).toEqual(sorted([s.s2.id, s.s4.id]));
    expect(await ids({ type_chambre_id: s.b.typeChambreId })).toHaveLength(3);
    expect(sorted(await ids({ id_reservation_mere: s.s5.mereId }))).toEqual(sorted([s.s5.id, s.s6.id]));
  });

  it('keeps stays overlapping [start_date, end_date), bounds half-open', async () => {
    expect(await ids({ start_date: addDays(today, 5), end_date: addDays(today, 10) })).toEqual([s.s3.id]);
    // s5 leaves on T: no night on T.
    expect(sorted(await ids({ start_date: today, end_date: addDays(today, 1) }))).toEqual(
      sorted([s.s1.id, s.s4.id, s.s6.id]),
    );
    expect(await ids({ end_date: addDays(today, -3) })).toEqual([s.s2.id]);
    expect(await ids({ start_date: addDays(today, 11), statut: ['annulee'] })).toEqual([s.s7.id]);
  });

  it('searches columns case-insensitively as substrings', async () => {
    const diallo = sorted([s.s1.id, s.s7.id]);
    expect(sorted(await ids({ pensionnaire: 'DIALLO' }))).toEqual(diallo);
    expect(sorted(await ids({ pensionnaire: 'diallo ami' }))).toEqual(diallo);
    expect(sorted(await ids({ pensionnaire: 'aminata dial' }))).toEqual(diallo);
    expect(await ids({ pensionnaire: 'léa' })).toHaveLength(3);
    expect(await ids({ numero_dossier: 'ax-100' })).toHaveLength(4);
    expect(await ids({ client: 'alpha' })).toHaveLength(4);
    expect(await ids({ etablissement: 'zénith' })).toHaveLength(4);
    expect(await ids({ chambre: '12b' })).toEqual([s.s1.id]);
    // LIKE wildcards are literal.
    expect(await ids({ pensionnaire: '%' })).toEqual([]);
  });
});

describe('POST /reservations: paging and sorting', () => {
  it('pages with a stable total', async () => {
    const all = (await list({ pageSize: 100 })).reservations.map((row) => row.id);
    const first = await list({ page: 1, pageSize: 3 });
    const third = await list({ page: 3, pageSize: 3 });
    expect(first.total).toBe(7);
    expect(third.total).toBe(7);
    expect(first.reservations.map((row) => row.id)).toEqual(all.slice(0, 3));
    expect(third.reservations.map((row) => row.id)).toEqual(all.slice(6));
    const beyond = await list({ page: 9, pageSize: 3 });
    expect(beyond).toEqual({ reservations: [], total: 7 });
  });

  it('pages a selective filter (ids read once) like any other: same rows and order as the plain page', async () => {
    // Every sort key and order: the page is sorted from the matching stays' own columns (MATCH_COLUMNS).
    for (const filters of [{ etat: 'prolongable' }, { jours: 'a_prolonger' }] as const)
      for (const sort of [undefined, ...SORTS])
        for (const order of ['asc', 'desc'] as const) {
          const sorting = sort ? { sort, order } : {};
          const expected = (await selectReservationItems(app.db, filters, { ...sorting, limit: 100 })).map(
            (row) => row.id,
          );
          expect(expected).toHaveLength(2);
          for (const page of [1, 2]) {
            const answer = await list({ ...filters, ...sorting, page, pageSize: 1 });
            expect(answer.total).toBe(2);
            expect(answer.reservations.map((row) => row.id)).toEqual([expected[page - 1]]);
          }
        }
  });

  it('pages a text search like the plain page, by a walk or by the matches, for every sort and order', async () => {
    // Sorted by a column of the stay, the walk is chosen when (offset + limit) × stays < matching² (searchIdsQuery):
    // with the 7 stays here, « a d » (Aminata Diallo and Léa Durand, 5 stays) is walked for the first three rows,
    // « dur » (3) for the first one; « mart » (2), « zzz » (none) and the pages after read the matches' stays; sorted
    // by the searched name, the matches are read in that order; a sort by another name and two searched tables read
    // the plain page.
    const searches = [
      { pensionnaire: 'a d' },
      { pensionnaire: 'dur' },
      { pensionnaire: 'mart' },
      { pensionnaire: 'zzz' },
      { client: 'alpha' },
      { etablissement: 'rivage', numero_dossier: 'x' },
      { etablissement: 'rivage' },
    ];
    let walked = 0;
    for (const filters of searches)
      for (const sort of [undefined, ...SORTS])
        for (const order of ['asc', 'desc'] as const) {
          const sorting = sort ? { sort, order } : {};
          const expected = (await selectReservationItems(app.db, filters, { ...sorting, limit: 100 })).map(
            (row) => row.id,
          );
          for (const pageSize of [1, 2, 3])
            for (let page = 1; page <= Math.ceil((expected.length + 1) / pageSize); page++) {
              const answer = await list({ ...filters, ...sorting, page, pageSize });
              expect(answer.total).toBe(expected.length);
              expect(answer.reservations.map((row) => row.id)).toEqual(
                expected.slice((page - 1) * pageSize, page * pageSize),
              );
              if (page * pageSize * 7 < expected.length ** 2) walked += 1;
            }
        }
    expect(walked).toBeGreaterThan(50);
  });

  it('runs only the branch its rule chooses: the walk for a frequent match, the matches otherwise', async () => {
    /** How the page's ids were read, from the plan of its statement: the walk (a filter on the hashed matches) ran,
     * did not run (the matches' stays were read), or the statement is the plain page (a sort by a name). */
    const branch = async (body: Record<string, unknown>) => {
      const { filters, page } = splitListBody({ page: 1, pageSize: 50, ...body });
      const plan = (
        await rowsOf<{ 'QUERY PLAN': string }>(app.db, sql`explain (analyze) ${listIdsQuery(filters, page)}`)
      ).map((row) => row['QUERY PLAN']);
      const filter = plan.findIndex((line) => line.includes('hashed SubPlan'));
      if (filter < 0) return 'plain';
      return plan[filter - 1]!.includes('never executed') ? 'matches' : 'walk';
    };
    expect(await branch({ pensionnaire: 'a d', pageSize: 1 })).toBe('walk');
    expect(await branch({ pensionnaire: 'a d', pageSize: 3, sort: 'date_fin', order: 'asc' })).toBe('walk');
    expect(await branch({ pensionnaire: 'a d', pageSize: 4 })).toBe('matches');
    expect(await branch({ pensionnaire: 'a d', pageSize: 2, page: 2 })).toBe('matches');
    expect(await branch({ pensionnaire: 'mart', pageSize: 1 })).toBe('matches');
    expect(await branch({ client: 'zzz', pageSize: 1 })).toBe('matches');
    expect(await branch({ client: 'alpha', pageSize: 1, sort: 'etablissement' })).toBe('plain');
    // A text shorter than a trigram matches a large share of the rows: the plain page.
    expect(await branch({ pensionnaire: 'd', pageSize: 1 })).toBe('plain');
    expect(await branch({ pensionnaire: ' du ', pageSize: 1 })).toBe('plain');
    // Sorted by the searched name: the matches in name order, each one's stays (no hashed set, no plain walk).
    for (const body of [
      { pensionnaire: 'a d', sort: 'pensionnaire' },
      { client: 'alpha', sort: 'client', order: 'desc' },
    ]) {
      const { filters, page } = splitListBody({ page: 1, pageSize: 1, ...body } as ReservationListBody);
      const text = JSON.stringify(listIdsQuery(filters, page).queryChunks);
      expect(text).toContain('cross join lateral');
      expect(await branch(body)).toBe('plain');
    }
  });

  it('reads the stays of few matches by their key then sorts them, never by a walk of every stay in order', async () => {
    // The planner walked the dates' index, filtering on `client_id = any(matches)`, whenever it expected many stays a
    // match — a client has a thousand —: all 100,412 stays of the large set for a client search matching none
    // (42 ms). The matches' stays are now read apart and sorted; sorts disabled, the planner still cannot walk.
    for (const body of [{ client: 'zzz' }, { etablissement: 'zzz' }, { pensionnaire: 'mart' }]) {
      const { filters, page } = splitListBody({ page: 1, pageSize: 1, ...body });
      const plan = await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        return (
          await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze) ${listIdsQuery(filters, page)}`)
        ).map((row) => row['QUERY PLAN']);
      });
      const executed = plan.filter((line) => !line.includes('never executed'));
      expect(
        executed.some((line) => /Index Scan.* on reservations /.test(line) && line.includes('debut')),
        plan.join('\n'),
      ).toBe(false);
      expect(executed.some((line) => line.includes('Sort Key: r_1.date_debut DESC, r_1.id DESC'))).toBe(true);
    }
  });

  it('sorts on the whitelisted fields, then id', async () => {
    const byName = (await list({ sort: 'pensionnaire' })).reservations;
    expect(byName.map((row) => row.pensionnaire_nom)).toEqual([
      'Diallo',
      'Diallo',
      'Durand',
      'Durand',
      'Durand',
      'Martin',
      'Martin',
    ]);
    expect(byName[0]?.id).toBeLessThan(byName[1]?.id ?? 0);
    const byEnd = (await list({ sort: 'date_fin', order: 'desc' })).reservations.map((row) => row.date_fin);
    expect(byEnd).toEqual([...byEnd].sort().reverse());
    const byId = (await list({ sort: 'id' })).reservations.map((row) => row.id);
    expect(byId).toEqual(sorted(byId));
    const byClient = (await list({ sort: 'client', order: 'desc' })).reservations.map(
      (row) => row.client_nom,
    );
    expect(byClient[0]).toBe(s.b.clientNom);
  });

  it('orders the page like the SQL page read, for every sort and order (the json is ordered by item fields)', async () => {
    for (const sort of SORTS)
      for (const order of ['asc', 'desc'] as const) {
        const expected = await selectReservationItems(app.db, {}, { sort, order, limit: 100 });
        const answer = await list({ sort, order, pageSize: 100 });
        expect(
          answer.reservations.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(expected.map((row) => row.id));
      }
  });

  it('reads batches by keyset (exports): the same rows as one page, for every sort', async () => {
    for (const sort of ['date_debut', 'pensionnaire', 'created_at', 'statut', 'etablissement'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const whole = await selectReservationItems(app.db, {}, { sort, order, limit: 100 });
        const batches: ReservationItem[] = [];
        for (;;) {
          const after = batches.at(-1);
          const batch = await selectReservationItems(
            app.db,
            {},
            { sort, order, limit: 2, ...(after ? { after } : {}) },
          );
          batches.push(...batch);
          if (batch.length < 2) break;
        }
        expect(
          batches.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(whole.map((row) => row.id));
      }
  });
});

describe('POST /reservations: deep pages read from the end', () => {
  it('gives the rows of the forward read, for every sort, order and page (last one short)', async () => {
    for (const sort of [
      'date_debut',
      'pensionnaire',
      'client',
      'etablissement',
      'date_fin',
      'created_at',
    ] as const)
      for (const order of ['asc', 'desc'] as const)
        for (const page of [1, 2, 3, 4]) {
          const body = { sort, order, page, pageSize: 2 };
          // deepOffset 0: every page in the second half is read from the end; Infinity: never.
          const fromEnd = await listReservations(app.db, body, { deepOffset: 0 });
          const forward = await listReservations(app.db, body, { deepOffset: Number.POSITIVE_INFINITY });
          expect(fromEnd, `${sort} ${order} page ${page}`).toEqual(forward);
        }
  });

  it('names the ids statement of the derived states alone (no value of the body in its text), no other', () => {
    expect(idsStatementName({ etat: 'prolongable' }, { limit: 50 })).toBe(
      'ebas3_reservation_ids_prolongable__date_debut_desc',
    );
    expect(
      idsStatementName({ jours: 'a_prolonger', etat: 'prolongable' }, { limit: 5, sort: 'client' }),
    ).toBe('ebas3_reservation_ids_prolongable_a_prolonger_client_asc');
    expect(idsStatementName({ jours: 'commence_h', pensionnaire: undefined }, { limit: 5 })).toBe(
      'ebas3_reservation_ids__commence_h_date_debut_desc',
    );
    expect(idsStatementName({}, { limit: 50 })).toBeUndefined();
    expect(idsStatementName({ etat: 'prolongable', client_id: 1 }, { limit: 50 })).toBeUndefined();
    expect(idsStatementName({ jours: 'a_prolonger', pensionnaire: 'dia' }, { limit: 50 })).toBeUndefined();
  });

  it('names the statement of a search on its first five pages by a hash of its text, no other, a bounded number', () => {
    const named = new Set<string>();
    const name = (body: Record<string, unknown>) => {
      const { filters, page } = splitListBody({ page: 1, pageSize: 50, ...body });
      return searchStatementName(filters, page, listIdsQuery(filters, page), named);
    };
    const dia = name({ pensionnaire: 'dia' });
    expect(dia).toMatch(/^ebas3_search_[0-9a-f]{24}$/);
    // The searched values are parameters: one text, one name, whatever the name searched.
    expect(name({ pensionnaire: 'Kovalenko' })).toBe(dia);
    expect(name({ pensionnaire: 'dia', sort: 'pensionnaire' })).not.toBe(dia);
    expect(name({ pensionnaire: 'dia', page: 5 })).not.toBe(dia);
    expect(name({ pensionnaire: 'dia', page: 6 })).toBeUndefined();
    // Not a search read by searchIdsQuery: a short text, a sort by another name, another filter.
    expect(name({ pensionnaire: 'di' })).toBeUndefined();
    expect(name({ pensionnaire: 'dia', sort: 'client' })).toBeUndefined();
    expect(name({ pensionnaire: 'dia', statut: ['confirmee'] })).toBeUndefined();
    expect(name({ etat: 'prolongable' })).toBeUndefined();
    // Every page size is another text: beyond SEARCH_STATEMENTS_NAMED texts, statements go unnamed.
    const names = new Set<string>();
    for (let pageSize = 1; pageSize <= 100; pageSize++) {
      const named = name({ client: 'alpha', pageSize });
      if (named !== undefined) names.add(named);
    }
    expect(named.size).toBe(SEARCH_STATEMENTS_NAMED);
    expect(names.size).toBeGreaterThan(50);
    expect(name({ client: 'alpha', pageSize: 200 })).toBeUndefined();
    expect(name({ pensionnaire: 'zzzq' })).toBe(dia);
  });

  it('prepares a search statement once per connection under its name, and PostgreSQL keeps its generic plan', async () => {
    // Five custom plans, then the generic one. (On the large set, the page's bounds as parameters made the generic
    // plan's cost count a tenth of the stays for a walk, and PostgreSQL planned every request: too few rows here to
    // tell — docs/performance.md « A search's few matches, statements named ».)
    const { filters, page } = splitListBody({ pensionnaire: 'dur', page: 1, pageSize: 2 });
    const { name } = pageStatement(filters, page);
    expect(name).toMatch(/^ebas3_search_/);
    const [before, after] = await app.db.transaction(async (tx) => {
      const plans = () => preparedPlans(tx, name);
      const first = await plans();
      for (const pensionnaire of ['dur', 'mart', 'dia', 'zzz', 'a d', 'lea', 'dur', 'mart'])
        await listReservationsPage(tx, { pensionnaire, page: 1, pageSize: 2 });
      return [first, await plans()];
    });
    expect(after.custom).toBeLessThanOrEqual(5);
    expect(after.custom + after.generic - before.custom - before.generic).toBe(8);
    expect(after.generic - before.generic).toBeGreaterThanOrEqual(3);
  });

  it('names the items statement of a deep page sorted by a name by its sort, order and limit, a bounded number', async () => {
    const named = new Set<string>();
    const name = (sort: 'pensionnaire' | 'client' | 'date_fin', limit: number, offset: number) => {
      const ids = nameGroupPageIdsQuery({ sort, limit, offset });
      return ids && namePageStatement(ids, named).name;
    };
    const first = name('pensionnaire', 50, 9_950);
    expect(first).toMatch(/^ebas3_name_page_[0-9a-f]{24}$/);
    // The offset is a parameter: every page of one size is one text.
    expect(name('pensionnaire', 50, 50_000)).toBe(first);
    expect(name('pensionnaire', 20, 9_950)).not.toBe(first);
    expect(name('client', 50, 9_950)).not.toBe(first);
    expect(name('date_fin', 50, 9_950)).toBeUndefined();
    for (let limit = 1; limit <= 100; limit++) name('client', limit, 5_000);
    expect(named.size).toBe(NAME_PAGE_STATEMENTS_NAMED);
    expect(name('client', 200, 5_000)).toBeUndefined();
    // PostgreSQL keeps its generic plan after five custom ones, and the pages are those of the plain read.
    const { before, after } = await app.db.transaction(async (tx) => {
      const ids = nameGroupPageIdsQuery({ sort: 'pensionnaire', limit: 1, offset: 0 })!;
      const { name: prepared } = namePageStatement(ids);
      const plans = () => preparedPlans(tx, prepared);
      const first = await plans();
      // Pages 1–3 of 7: read forward (from page 4 on, from the end, unnamed), three times each.
      for (let n = 0; n < 9; n++) {
        const body = { sort: 'pensionnaire' as const, page: 1 + (n % 3), pageSize: 1 };
        expect(await listReservations(tx, body, { deepOffset: 0 })).toEqual(
          await listReservations(tx, body, { deepOffset: Number.POSITIVE_INFINITY }),
        );
      }
      return { before: first, after: await plans() };
    });
    expect(after.custom).toBeLessThanOrEqual(5);
    expect(after.custom + after.generic - before.custom - before.generic).toBe(9);
    expect(after.generic - before.generic).toBeGreaterThanOrEqual(4);
  });

  it('reads a page in one statement, a deep page in two (its total first), whatever the filters', async () => {
    /**
     * The statements a page of 2 sends on its own connection, once its items are checked against its total. Only that
     * connection's are counted: a query of anything else in the process (another file's app when the dated stage
     * shares a worker between files, a background check) is not this page's, and once made this count 2.
     */
    const statements = (body: Record<string, unknown>, deepOffset?: number) =>
      app.db.transaction(async (tx) => {
        const client = (tx._.session as unknown as { client: pg.ClientBase }).client;
        const sent = vi.spyOn(client, 'query');
        try {
          const page = await listReservationsPage(tx, { page: 1, pageSize: 2, ...body }, { deepOffset });
          const before = ((body.page as number) - 1) * 2;
          expect(JSON.parse(page.items), JSON.stringify(body)).toHaveLength(
            Math.min(2, Math.max(0, page.total - before)),
          );
          return sent.mock.calls.length;
        } finally {
          sent.mockRestore();
        }
      });
    for (const filters of [{}, { etat: 'prolongable' }, { client_id: s.a.clientId }, { pensionnaire: 'a' }])
      expect(await statements({ ...filters, page: 1 }), JSON.stringify(filters)).toBe(1);
    for (const sort of [undefined, 'pensionnaire', 'date_fin'])
      for (const page of [2, 4])
        expect(await statements({ ...(sort ? { sort } : {}), page }, 2), `${sort} ${page}`).toBe(2);
  });

  it('reads only the pages of the second half from the end', () => {
    expect(pageFromTheEnd({ limit: 50, offset: 0 }, 7)).toBeUndefined();
    expect(pageFromTheEnd({ limit: 50, offset: 100 }, 100)).toBeUndefined();
    expect(pageFromTheEnd({ limit: 2, offset: 6, sort: 'client' }, 7)).toEqual({
      sort: 'client',
      order: 'desc',
      limit: 1,
      offset: 0,
    });
    expect(pageFromTheEnd({ limit: 50, offset: 103_500 }, 103_553)).toEqual({
      sort: 'date_debut',
      order: 'asc',
      limit: 50,
      offset: 3,
    });
  });
});

describe('POST /reservations: the answer written from the JSON text of PostgreSQL', () => {
  /** Fastify's own serialiser for the route's response schema, on a bare server: what the route wrote before. */
  async function schemaSerialiser() {
    const reference = Fastify();
    reference.post(
      '/',
      { schema: { response: { 200: ReservationListAnswer } } },
      async (request) => request.body,
    );
    await reference.ready();
    return {
      write: async (answer: unknown) =>
        (await reference.inject({ method: 'POST', url: '/', payload: answer as object })).body,
      close: () => reference.close(),
    };
  }

  it('is byte for byte the schema-serialised rows of the SQL page read, for every sort, order, filter and page', async () => {
    const serialiser = await schemaSerialiser();
    // Characters JSON escapes, in a text column of the item (restored below).
    const [saved] = await rowsOf<{ chambre: string | null }>(
      app.db,
      sql`select chambre from reservations where id = ${s.s2.id}`,
    );
    await app.db.execute(
      sql`update reservations set chambre = ${'B"2\\\n\t\u0001 é/€ \u2028'} where id = ${s.s2.id}`,
    );
    try {
      const bodies: Record<string, unknown>[] = [];
      for (const sort of [undefined, ...SORTS])
        for (const order of [undefined, 'asc', 'desc'] as const)
          for (const [page, pageSize] of [
            [1, 100],
            [2, 3],
            [3, 3],
            [9, 3],
          ] as const)
            bodies.push({ ...(sort ? { sort } : {}), ...(order ? { order } : {}), page, pageSize });
      for (const filters of [
        { etat: 'prolongable' },
        { jours: 'a_prolonger' },
        { jours: 'commence_h' },
        { statut: ['en_attente', 'annulee'] },
        { client_id: s.a.clientId },
        { pensionnaire_id: s.martin.id },
        { id_reservation_mere: s.s5.mereId },
        { pensionnaire: 'léa' },
        { chambre: 'b"2' },
        { start_date: today, end_date: addDays(today, 1) },
        { pensionnaire: '%' },
      ])
        for (const sort of [undefined, 'pensionnaire', 'date_fin'] as const)
          bodies.push({ ...filters, ...(sort ? { sort, order: 'desc' } : {}), page: 1, pageSize: 100 });
      let escaped = 0;
      for (const body of bodies) {
        const response = await post(PATHS.list, body);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const { filters, page } = splitListBody(body as never);
        const rows = await selectReservationItems(app.db, filters, page);
        const total = Number((await post(PATHS.count, filters)).json<{ total: number }>().total);
        const label = JSON.stringify(body);
        expect(response.json(), label).toEqual({ reservations: rows, total });
        expect(response.body, label).toBe(await serialiser.write({ reservations: rows, total }));
        if (response.body.includes('B\\"2')) escaped++;
      }
      expect(escaped).toBeGreaterThan(0);
    } finally {
      await app.db.execute(sql`update reservations set chambre = ${saved!.chambre} where id = ${s.s2.id}`);
      await serialiser.close();
    }
  });
});

describe('POST /reservations: bad input', () => {
  it('answers 400 in French, 401 without a token', async () => {
    const unknown = await post(PATHS.list, { foo: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await post(PATHS.count, { start_date: '2026-02-30' })).statusCode).toBe(400);
    expect((await post(PATHS.list, { sort: 'chambre' })).statusCode).toBe(400);
    expect((await post(PATHS.list, { pageSize: 0 })).statusCode).toBe(400);
    const period = await post(PATHS.list, { start_date: '2026-03-02', end_date: '2026-03-02' });
    expect(period.statusCode).toBe(400);
    expect(period.json()).toMatchObject({ message: FILTER_MESSAGES.period });
    expect((await post(PATHS.pax, { start_date: '2026-03-03', end_date: '2026-03-02' })).statusCode).toBe(
      400,
    );
    const anonymous = await app.inject({ method: 'POST', url: `/api${PATHS.list}`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
