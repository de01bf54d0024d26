/**
 * Every name and text search of the API, case and accents aside (issue 35 §2, lib/text-search.ts, migration 0024):
 * « konate » finds « Konaté » and « KONATE », « KONATÉ » and « kônate » find both, ligatures are spelled out, and `%`
 * and `_` stay literal — in the stays list (each of its ways of reading a search) and its count, the requests list,
 * the residents, households, clients, hotels and users lists, the full reservations and the booking's resident
 * search. With a realistic number of residents the planner reads the trigram indexes on the normalised texts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DemandeListAnswer, FoyerListAnswer, ReservationListAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/helper';
import { book, buildWorld, call, day, type World } from '../../test/fixtures/reservations-write';
import { insertResident } from '../../test/fixtures/contrats';
import { rowsOf } from '../db/raw';
import { REFERENCE_RESOURCES } from '../modules/referentiel/resources';
import {
  listIdsQuery,
  pageStatement,
  searchStatementName,
  splitListBody,
} from '../modules/reservations/list/list-service';
import { countQuery } from '../modules/reservations/reservation-items';
import { listClauses } from './list-query';

let w: World;
/** Konaté Aïssata (file « KÉ-001 »), KONATE Moussa (« a_1% »), Œuvray Chloé, Martin Paul (matches none). */
const r = { konate: 0, konateUpper: 0, oeuvray: 0, martin: 0 };
/** Each one's stay. */
const stays = { konate: 0, konateUpper: 0, oeuvray: 0, martin: 0 };
let foyer = 0;
let request = 0;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  await w.app.db.execute(sql`update clients set nom = 'Côté Cœur' where id = ${w.client.id}`);
  await w.app.db.execute(sql`update etablissements set nom = 'Hôtel Étoile', ville = 'Besançon'
    where id = ${w.hotel.id}`);
  const resident = (nom: string, prenom: string, numeroDossier: string) =>
    insertResident(w.app, w.client.id, { nom, prenom, numeroDossier }).then((row) => row.id);
  r.konate = await resident('Konaté', 'Aïssata', 'KÉ-001');
  r.konateUpper = await resident('KONATE', 'Moussa', 'a_1%');
  r.oeuvray = await resident('Œuvray', 'Chloé', 'OE-3');
  r.martin = await resident('Martin', 'Paul', 'MP-4');
  // One booking each, a week apart (the double rooms' allotment is five a night).
  for (const [index, key] of (['konate', 'konateUpper', 'oeuvray', 'martin'] as const).entries()) {
    const { reservation_ids } = await book(w, [r[key]], {
      start_date: day(10 + 7 * index),
      end_date: day(12 + 7 * index),
    });
    stays[key] = reservation_ids[0] ?? 0;
  }
  await w.app.db.execute(sql`update reservations set chambre = 'Suite Été' where id = ${stays.oeuvray}`);
  const [household] = await rowsOf<{ id: number }>(
    w.app.db,
    sql`insert into foyers (client_id, nom) values (${w.client.id}, 'Famille Éboué') returning id`,
  );
  foyer = household!.id;
  await w.app.db.execute(sql`update pensionnaires set foyer_id = ${foyer} where id = ${r.konate}`);
  const created = await call(w, 'POST', '/demande_hebergement', {
    client_id: w.client.id,
    type: 'nouvelle',
    pensionnaire_ids: [r.konate],
    date_debut: day(3),
    date_fin: day(4),
    referent_nom: 'Hélène Müller',
  });
  expect(created.statusCode, created.body).toBe(201);
  request = created.json<{ data: { id: number } }>().data.id;
  // A realistic number of residents (of another client), so that the planner has a choice to make.
  await w.app.db.execute(sql`insert into pensionnaires (client_id, nom, prenom, sexe, numero_dossier)
    select ${w.otherClient.id}, 'Nom' || g, 'Prénom' || g, 'F', 'N-' || g from generate_series(1, 4000) g`);
  // As autovacuum leaves them: statistics gathered, the trigram indexes' pending entries moved into the index.
  await w.app.db.execute(sql`vacuum analyze pensionnaires`);
}, 120_000);
afterAll(() => w.app.close());

const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

/** The stays a list body finds (ids sorted), checking that /reservationsNumber counts as many. */
async function staysFound(body: Record<string, unknown>): Promise<number[]> {
  const response = await call(w, 'POST', '/reservations', { pageSize: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<ReservationListAnswer>();
  const { sort: _sort, order: _order, ...filters } = body;
  const count = await call(w, 'POST', '/reservationsNumber', filters);
  expect(count.json<{ total: number }>().total, JSON.stringify(body)).toBe(answer.total);
  expect(answer.reservations).toHaveLength(answer.total);
  return sorted(answer.reservations.map((row) => row.id));
}

describe('the stays list (POST /reservations)', () => {
  it('finds a resident whatever the case and the accents, on either side', async () => {
    const both = sorted([stays.konate, stays.konateUpper]);
    for (const text of ['konate', 'Konaté', 'KONATÉ', 'kônate', 'KONATE', ' konate '])
      // A search of three characters or more (its own statement), sorted by the resident and by a date.
      for (const sort of [{}, { sort: 'pensionnaire' }, { sort: 'date_fin', order: 'asc' }])
        expect(await staysFound({ pensionnaire: text, ...sort }), text).toEqual(both);
    expect(await staysFound({ pensionnaire: 'aissata konate' })).toEqual([stays.konate]);
    expect(await staysFound({ pensionnaire: 'MOUSSA KONATÉ' })).toEqual([stays.konateUpper]);
    // Shorter than a trigram (the plain page), and combined with another filter (the conditions on the stays).
    expect(await staysFound({ pensionnaire: 'té' })).toEqual(both);
    expect(await staysFound({ pensionnaire: 'konaté', statut: ['en_attente'] })).toEqual(both);
    // Ligatures spelled out.
    for (const text of ['oeuvray', 'ŒUVRAY', 'chloe'])
      expect(await staysFound({ pensionnaire: text }), text).toEqual([stays.oeuvray]);
    expect(await staysFound({ pensionnaire: 'kovalenko' })).toEqual([]);
  });

  it('finds file numbers, clients, hotels and rooms the same way', async () => {
    const all = sorted(Object.values(stays));
    expect(await staysFound({ numero_dossier: 'ke-00' })).toEqual([stays.konate]);
    expect(await staysFound({ client: 'cote coeur' })).toEqual(all);
    expect(await staysFound({ client: 'CÔTÉ CŒUR', sort: 'client' })).toEqual(all);
    expect(await staysFound({ etablissement: 'hotel etoile' })).toEqual(all);
    expect(await staysFound({ etablissement: 'ÉTOILE', sort: 'etablissement', order: 'desc' })).toEqual(all);
    expect(await staysFound({ chambre: 'suite ete' })).toEqual([stays.oeuvray]);
  });

  it('takes % and _ literally', async () => {
    expect(await staysFound({ numero_dossier: 'a_1%' })).toEqual([stays.konateUpper]);
    expect(await staysFound({ numero_dossier: '_' })).toEqual([stays.konateUpper]);
    expect(await staysFound({ numero_dossier: '%' })).toEqual([stays.konateUpper]);
    expect(await staysFound({ numero_dossier: 'a%1' })).toEqual([]);
    expect(await staysFound({ pensionnaire: 'k%e' })).toEqual([]);
    expect(await staysFound({ pensionnaire: 'k_nat' })).toEqual([]);
  });

  it('reads the residents by the trigram index of their normalised name, its statement named or not', async () => {
    const plan = async (statement: SQL, seqScan = true) => {
      const lines = await w.app.db.transaction(async (tx) => {
        if (!seqScan) await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`);
      });
      return lines.map((row) => row['QUERY PLAN']).join('\n');
    };
    const index = 'Bitmap Index Scan on pensionnaires_nom_recherche_trgm_idx';
    // The total (POST /reservationsNumber), planned for its values: the pattern is a constant, and the planner reads
    // the index for a rare name.
    expect(await plan(countQuery({ pensionnaire: 'konaté' }))).toContain(index);
    // The search's own statement is named and keeps a generic plan, its pattern computed once (an init plan): the
    // planner cannot see the pattern there (as for any parameter of a generic plan), and chooses the index by the
    // table's size — on the large set, not on this one's 4,000 residents; it can read it.
    const { filters, page } = splitListBody({ page: 1, pageSize: 50, pensionnaire: 'konaté' });
    // Named by the rule itself (a set of its own: the process's cap may be reached by the files run before).
    const { statement } = pageStatement(filters, page);
    expect(searchStatementName(filters, page, statement, new Set())).toMatch(/^ebas3_search_/);
    const named = await plan(listIdsQuery(filters, page), false);
    expect(named).toContain(index);
    expect(named).toContain('Index Cond: (nom_recherche ~~ (InitPlan 1).col1)');
  });
});

describe('the requests list (POST /demandes_hebergement)', () => {
  const found = async (body: Record<string, unknown>) => {
    const response = await call(w, 'POST', '/demandes_hebergement', { page: 1, pageSize: 50, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DemandeListAnswer>().demandes.map((d) => d.id);
  };

  it('finds a request by its resident, referent or client whatever the case and the accents', async () => {
    for (const text of ['konate', 'KONATÉ', 'kônate', 'helene muller', 'HÉLÈNE', 'ke-001'])
      expect(await found({ recherche: text }), text).toEqual([request]);
    expect(await found({ pensionnaire: 'aissata' })).toEqual([request]);
    expect(await found({ referent: 'MULLER' })).toEqual([request]);
    expect(await found({ client: 'cote' })).toEqual([request]);
    expect(await found({ recherche: 'konat%' })).toEqual([]);
  });
});

describe('reference lists and the booking', () => {
  const get = async <T>(url: string, token = w.agent) => {
    const response = await call(w, 'GET', url, undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const ids = (answer: { data: { id: number }[] }) => sorted(answer.data.map((row) => row.id));

  it('lists residents by name, first name and file number, case and accents aside', async () => {
    const both = sorted([r.konate, r.konateUpper]);
    for (const text of ['konate', 'KONATÉ', 'kônaté'])
      expect(ids(await get(`/pensionnaires?pageSize=100&nom=${encodeURIComponent(text)}`)), text).toEqual(
        both,
      );
    expect(ids(await get(`/pensionnaires?prenom=${encodeURIComponent('AÏSSATA')}`))).toEqual([r.konate]);
    expect(ids(await get('/pensionnaires?prenom=chloe'))).toEqual([r.oeuvray]);
    expect(ids(await get('/pensionnaires?nom=oeuv'))).toEqual([r.oeuvray]);
    expect(ids(await get(`/pensionnaires?numeroDossier=${encodeURIComponent('ké-0')}`))).toEqual([r.konate]);
    expect(ids(await get(`/pensionnaires?numeroDossier=${encodeURIComponent('_')}`))).toEqual([
      r.konateUpper,
    ]);
  });

  it('reads the residents list by the trigram indexes of the normalised columns', async () => {
    const spec = REFERENCE_RESOURCES.find((resource) => resource.path === '/pensionnaires')!.list;
    for (const [column, index] of [
      ['nom', 'pensionnaires_nom_trgm_idx'],
      ['prenom', 'pensionnaires_prenom_trgm_idx'],
      ['numeroDossier', 'pensionnaires_numero_dossier_trgm_idx'],
    ] as const) {
      const { where } = listClauses(spec, { page: 1, pageSize: 20, search: { [column]: 'KONATÉ' } });
      const plan = (
        await rowsOf<{ 'QUERY PLAN': string }>(
          w.app.db,
          sql`explain select id from pensionnaires where ${where}`,
        )
      ).map((row) => row['QUERY PLAN']);
      expect(plan.join('\n'), column).toContain(`Bitmap Index Scan on ${index}`);
    }
  });

  it('lists households by name and member, case and accents aside', async () => {
    for (const query of ['recherche=eboue', 'recherche=KONATÉ', 'nom=ÉBOUÉ', 'membre=aissata%20konate'])
      expect(ids(await get<FoyerListAnswer>(`/foyers?${query}`)), query).toEqual([foyer]);
    expect(ids(await get<FoyerListAnswer>('/foyers?membre=moussa'))).toEqual([]);
  });

  it('lists clients, hotels and users case and accents aside', async () => {
    expect(ids(await get(`/clients?nom=${encodeURIComponent('COTE CŒUR')}`))).toEqual([w.client.id]);
    expect(ids(await get('/etablissements?ville=besancon'))).toEqual([w.hotel.id]);
    expect(ids(await get('/etablissements?nom=etoile'))).toEqual([w.hotel.id]);
    const user = await createUser(w.app, { nom: 'Lefèvre', prenom: 'Bénédicte' });
    const users = await get<{ users: { id: number }[] }>('/users?search=BENEDICTE%20', w.admin);
    expect(users.users.map((u) => u.id)).toEqual([user.id]);
    expect((await get<{ users: unknown[] }>('/users?search=lefevre', w.admin)).users).toHaveLength(1);
  });

  it("finds the client's residents in the booking's search, every word case and accents aside", async () => {
    const search = async (text: string) =>
      (
        await get<{ pensionnaires: { id: number }[] }>(
          `/contrat_client/pensionnaires/search/${w.client.id}/${w.cc.id}?search=${encodeURIComponent(text)}`,
        )
      ).pensionnaires.map((p) => p.id);
    expect(sorted(await search('konate'))).toEqual(sorted([r.konate, r.konateUpper]));
    expect(await search('KONATÉ aïssata')).toEqual([r.konate]);
    expect(await search('aissata kônate')).toEqual([r.konate]);
    expect(await search('ke-001')).toEqual([r.konate]);
    expect(await search('a_1%')).toEqual([r.konateUpper]);
    expect(await search('a%1')).toEqual([]);
  });

  it('lists full reservations by resident, client and hotel, case and accents aside', async () => {
    const found = async (body: Record<string, unknown>) => {
      const response = await call(w, 'POST', '/reservations_integrales', { page: 1, pageSize: 50, ...body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ reservations_integrales: { id: number }[] }>().reservations_integrales.length;
    };
    expect(await found({ pensionnaire: 'KONATÉ' })).toBe(2);
    expect(await found({ pensionnaire: 'chloe oeuvray' })).toBe(1);
    expect(await found({ client: 'côte cœur' })).toBe(4);
    expect(await found({ etablissement: 'HOTEL ETOILE' })).toBe(4);
  });
});
