import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RESERVATIONS_PATHS as PATHS, type ReservationListAnswer } from 'shared/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, userToken } from '../../../../test/helper';
import { insertScenario, postAs, type Scenario } from '../../../../test/fixtures/reservations-read';

/**
 * The list's pages kept between writes (list-routes.ts, db/answer-cache.ts). A write made with the triggers off
 * (`session_replication_role = replica`) notifies nothing: whether the next page shows it tells whether the page
 * came from the cache. (The texts its stays keep are rewritten by hand, as the triggers would: migration 0021.)
 */
let app: FastifyInstance;
let token: string;
let s: Scenario;

beforeAll(async () => {
  app = await buildTestApp();
  token = (await userToken(app, 'agent')).token;
  s = await insertScenario(app);
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

async function list(target: FastifyInstance, bearer: string, body: Record<string, unknown>) {
  const response = await postAs(target, bearer, PATHS.list, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReservationListAnswer>();
}

/**
 * A write that no trigger sees: nothing is notified, a kept page stays as it was. The texts the stays `written`
 * keep (`reservations_items`) are rewritten in the same transaction, so that a page read from the database shows it.
 */
async function writeSilently(target: FastifyInstance, statement: SQL, written?: SQL) {
  await target.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
    if (written !== undefined) await tx.execute(sql`select reservations_items_ecrire(array(${written}))`);
  });
}

const itemOf = (answer: ReservationListAnswer, id: number) => {
  const item = answer.reservations.find((row) => row.id === id);
  if (item === undefined) throw new Error(`stay ${id} not in the page`);
  return item;
};

describe('the reservation list between writes', () => {
  it('serves a repeated page from memory until a write to what it reads commits', async () => {
    const body = { client_id: s.a.clientId, sort: 'pensionnaire' };
    expect(itemOf(await list(app, token, body), s.s1.id).pensionnaire_nom).toBe('Diallo');
    await writeSilently(app, sql`update pensionnaires set nom = 'Diallo-Sy' where id = ${s.diallo.id}`);
    expect(itemOf(await list(app, token, body), s.s1.id).pensionnaire_nom).toBe('Diallo');
    // Any committed write to a table the page reads, here another client's name unchanged: the next page is read.
    await app.db.execute(sql`update clients set nom = nom where id = ${s.b.clientId}`);
    const fresh = await list(app, token, body);
    expect(itemOf(fresh, s.s1.id).pensionnaire_nom).toBe('Diallo-Sy');
    // Another page, another key: the filters' order and the defaults do not make a second one.
    expect(
      await list(app, token, { sort: 'pensionnaire', page: 1, pageSize: 50, client_id: s.a.clientId }),
    ).toEqual(fresh);
    await app.db.execute(sql`update pensionnaires set nom = 'Diallo' where id = ${s.diallo.id}`);
  });

  it('drops a kept page when a write to any table its items read commits', async () => {
    const body = { statut: ['confirmee', 'en_cours'], sort: 'date_fin' };
    const cases: {
      table: string;
      write: SQL;
      expected: (answer: ReservationListAnswer) => unknown;
      value: unknown;
    }[] = [
      {
        table: 'pensionnaires',
        write: sql`update pensionnaires set prenom = 'Aminata-Rose' where id = ${s.diallo.id}`,
        expected: (answer) => itemOf(answer, s.s1.id).pensionnaire_prenom,
        value: 'Aminata-Rose',
      },
      {
        table: 'clients',
        write: sql`update clients set nom = 'Association Alpha (renommée)' where id = ${s.a.clientId}`,
        expected: (answer) => itemOf(answer, s.s1.id).client_nom,
        value: 'Association Alpha (renommée)',
      },
      {
        table: 'etablissements',
        write: sql`update etablissements set ville = 'Villeurbanne' where id = ${s.a.etablissementId}`,
        expected: (answer) => itemOf(answer, s.s1.id).etablissement_ville,
        value: 'Villeurbanne',
      },
      {
        table: 'types_chambre',
        write: sql`update types_chambre set libelle = 'Double (rénovée)' where id = ${s.a.typeChambreId}`,
        expected: (answer) => itemOf(answer, s.s1.id).type_chambre_libelle,
        value: 'Double (rénovée)',
      },
      {
        table: 'reservations',
        write: sql`update reservations set chambre = '14C' where id = ${s.s1.id}`,
        expected: (answer) => itemOf(answer, s.s1.id).chambre,
        value: '14C',
      },
      // s4 ends in three days: within the hotel's alert delay (4), beyond the client's (2).
      {
        table: 'contrats_etablissement',
        write: sql`update contrats_etablissement set delai_alerte_jours = 0 where id = ${s.a.contratEtablissementId}`,
        expected: (answer) => itemOf(answer, s.s4.id).prolongable,
        value: false,
      },
      {
        table: 'contrats_clients',
        write: sql`update contrats_clients set delai_alerte_jours = 5 where id = ${s.a.contratClientId}`,
        expected: (answer) => itemOf(answer, s.s4.id).prolongable,
        value: true,
      },
    ];
    expect(itemOf(await list(app, token, body), s.s4.id).prolongable).toBe(true);
    for (const { table, write, expected, value } of cases) {
      const kept = await list(app, token, body);
      expect(await list(app, token, body)).toEqual(kept);
      await app.db.execute(write);
      expect(expected(await list(app, token, body)), table).toEqual(value);
    }
  });

  it('sends a kept page as the UTF-8 bytes it was read as', async () => {
    const body = { client_id: s.b.clientId, sort: 'etablissement', order: 'desc' };
    const read = await postAs(app, token, PATHS.list, body);
    const kept = await postAs(app, token, PATHS.list, body);
    for (const response of [read, kept]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    }
    expect(kept.rawPayload.equals(read.rawPayload)).toBe(true);
    // Léa's accent (two bytes in UTF-8) arrives intact, in the contract's shape.
    const answer = kept.json<ReservationListAnswer>();
    expect(answer.reservations.map((row) => row.pensionnaire_prenom)).toContain('Léa');
    expect(Object.keys(answer)).toEqual(['reservations', 'total']);
  });

  it('keeps no page read on another day than the API’s (the two clocks around midnight)', async () => {
    const body = { client_id: s.b.clientId };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600 * 1000 });
    // A token of the API's clock; PostgreSQL's clock still says today.
    const tomorrowToken = (await userToken(app, 'agent')).token;
    expect(itemOf(await list(app, tomorrowToken, body), s.s3.id).chambre).toBe('101');
    await writeSilently(
      app,
      sql`update reservations set chambre = '102' where id = ${s.s3.id}`,
      sql`select ${s.s3.id}::int`,
    );
    expect(itemOf(await list(app, tomorrowToken, body), s.s3.id).chambre).toBe('102');
    await app.db.execute(sql`update reservations set chambre = '101' where id = ${s.s3.id}`);
  });

  it('keeps nothing with LIST_CACHE_MB=0', async () => {
    const uncached = await buildTestApp({ listCacheBytes: 0 });
    try {
      const bearer = (await userToken(uncached, 'agent')).token;
      const other = await insertScenario(uncached);
      const body = { client_id: other.b.clientId };
      expect(itemOf(await list(uncached, bearer, body), other.s3.id).chambre).toBe('101');
      await writeSilently(
        uncached,
        sql`update reservations set chambre = '103' where id = ${other.s3.id}`,
        sql`select ${other.s3.id}::int`,
      );
      expect(itemOf(await list(uncached, bearer, body), other.s3.id).chambre).toBe('103');
      // The counters share the list's memory: none kept either.
      const waiting = { client_id: other.b.clientId, statut: ['en_attente'] };
      const count = async () =>
        (await postAs(uncached, bearer, PATHS.count, waiting)).json<{ total: number }>().total;
      expect(await count()).toBe(2);
      await writeSilently(
        uncached,
        sql`update reservations set statut = 'confirmee' where id = ${other.s3.id}`,
      );
      expect(await count()).toBe(1);
    } finally {
      await uncached.close();
    }
  });
});
