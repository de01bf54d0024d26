import { count, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { oneOf } from '../db/raw';
import { BadRequestError } from '../errors';
import { ListQuery } from 'shared/contract';
import { listClauses, listSpecFor, toListParams, type ListSpec } from './list-query';

const hotels = pgTable('list_query_fixture', {
  id: integer('id').primaryKey(),
  nom: text('nom').notNull(),
  ville: text('ville').notNull(),
  chambres: integer('chambres').notNull(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

const spec: ListSpec = {
  searchable: { nom: hotels.nom, ville: hotels.ville, chambres: hotels.chambres },
  exact: { chambres: hotels.chambres },
  sortable: { nom: hotels.nom, chambres: hotels.chambres },
  defaultSort: { key: 'nom', order: 'asc' },
  tieBreaker: hotels.id,
  archivedAt: hotels.archivedAt,
};

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await openDatabase(database.options);
  await handle.db.execute(sql`create table list_query_fixture (
    id integer primary key, nom text not null, ville text not null, chambres integer not null,
    archived_at timestamptz)`);
  await handle.db.insert(hotels).values([
    { id: 1, nom: 'Hôtel du Parc', ville: 'Lyon', chambres: 40 },
    { id: 2, nom: 'Ibis Centre', ville: 'Lyon', chambres: 80 },
    { id: 3, nom: 'Le Parc 50% Sud', ville: 'Marseille', chambres: 25 },
    { id: 4, nom: 'Parc_Est', ville: 'Lille', chambres: 40 },
    { id: 5, nom: 'Ancien Parc', ville: 'Lyon', chambres: 12, archivedAt: new Date('2025-01-01T00:00:00Z') },
    { id: 6, nom: 'Zénith', ville: 'Paris', chambres: 40 },
    { id: 7, nom: 'Cœur de Ville \\ Gare', ville: 'Besançon', chambres: 30 },
  ]);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function list(params: Partial<Parameters<typeof listClauses>[1]>) {
  const clauses = listClauses(spec, { page: 1, pageSize: 20, ...params });
  const rows = await handle.db
    .select()
    .from(hotels)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit)
    .offset(clauses.offset);
  const [{ total }] = (await handle.db.select({ total: count() }).from(hotels).where(clauses.where)) as [
    { total: number },
  ];
  return { ids: rows.map((row) => row.id), total };
}

describe('listClauses', () => {
  it('lists active rows sorted by the default sort, with the total', async () => {
    expect(await list({})).toEqual({ ids: [7, 1, 2, 3, 4, 6], total: 6 });
  });

  it('matches a case-insensitive substring of the column value', async () => {
    expect((await list({ search: { nom: 'PARC' } })).ids).toEqual([1, 3, 4]);
    expect((await list({ search: { ville: 'yo' } })).ids).toEqual([1, 2]);
  });

  it('matches whatever the accents, on either side, and spells ligatures out', async () => {
    expect((await list({ search: { nom: 'zenith' } })).ids).toEqual([6]);
    expect((await list({ search: { nom: 'ZÉNITH' } })).ids).toEqual([6]);
    expect((await list({ search: { nom: 'hôtél du' } })).ids).toEqual([1]);
    expect((await list({ search: { nom: 'HOTEL' } })).ids).toEqual([1]);
    expect((await list({ search: { ville: 'besancon' } })).ids).toEqual([7]);
    expect((await list({ search: { nom: 'coeur' } })).ids).toEqual([7]);
    expect((await list({ search: { nom: 'CŒUR' } })).ids).toEqual([7]);
  });

  it('combines column searches with AND and searches non-text columns as text', async () => {
    expect((await list({ search: { nom: 'parc', ville: 'lyon' } })).ids).toEqual([1]);
    expect((await list({ search: { chambres: '40' } })).ids).toEqual([1, 4, 6]);
  });

  it('treats % and _ in a search literally', async () => {
    expect((await list({ search: { nom: '50%' } })).ids).toEqual([3]);
    expect((await list({ search: { nom: 'c_E' } })).ids).toEqual([4]);
    expect((await list({ search: { nom: '%' } })).ids).toEqual([3]);
    expect((await list({ search: { nom: '_' } })).ids).toEqual([4]);
    expect((await list({ search: { nom: '\\' } })).ids).toEqual([7]);
    // unaccent turns the full-width « ％ » into « % »: escaped after, still literal.
    expect((await list({ search: { nom: 'parc％est' } })).ids).toEqual([]);
    expect((await list({ search: { nom: '50％' } })).ids).toEqual([3]);
  });

  it('matches exact filters exactly (40 is not 140 or 4)', async () => {
    expect((await list({ filters: { chambres: 40 } })).ids).toEqual([1, 4, 6]);
    expect((await list({ filters: { chambres: 4 } })).ids).toEqual([]);
    expect(() => listClauses(spec, { page: 1, pageSize: 20, filters: { ville: 1 } })).toThrow(
      "Le filtre « ville » n'est pas disponible.",
    );
  });

  it('ignores blank searches', async () => {
    expect((await list({ search: { nom: '   ' } })).total).toBe(6);
  });

  it('lists archived rows only when asked', async () => {
    expect(await list({ archived: true })).toEqual({ ids: [5], total: 1 });
  });

  it('sorts by a whitelisted column, both ways, with a stable tie-breaker', async () => {
    expect((await list({ sort: 'chambres', order: 'asc' })).ids).toEqual([3, 7, 1, 4, 6, 2]);
    expect((await list({ sort: 'chambres', order: 'desc' })).ids).toEqual([2, 6, 4, 1, 7, 3]);
  });

  it('pages without repeating or skipping rows', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ sort: 'chambres', page, pageSize: 2 })));
    expect(pages.map((p) => p.ids)).toEqual([
      [3, 7],
      [1, 4],
      [6, 2],
    ]);
    expect(pages.every((p) => p.total === 6)).toBe(true);
  });

  it('refuses a sort or a search the endpoint does not offer, in French', () => {
    expect(() => listClauses(spec, { page: 1, pageSize: 20, sort: 'ville' })).toThrow(BadRequestError);
    expect(() => listClauses(spec, { page: 1, pageSize: 20, sort: 'ville' })).toThrow(
      "Le tri sur « ville » n'est pas disponible.",
    );
    expect(() => listClauses(spec, { page: 1, pageSize: 20, search: { archivedAt: 'x' } })).toThrow(
      "La recherche sur « archivedAt » n'est pas disponible.",
    );
  });
});

describe('listSpecFor', () => {
  it('keeps a spec that sorts on exactly the columns its query accepts', () => {
    expect(listSpecFor(ListQuery(['nom'], ['nom', 'chambres']), spec)).toBe(spec);
  });

  it('fails at start-up when the query and the spec do not sort on the same columns', () => {
    expect(() => listSpecFor(ListQuery(['nom'], ['nom', 'chambres', 'ville']), spec)).toThrow(
      'Tri de liste incohérent : le contrat accepte [chambres, nom, ville], la liste trie sur [chambres, nom] (défaut nom).',
    );
    expect(() => listSpecFor(ListQuery(['nom'], ['nom']), spec)).toThrow(/Tri de liste incohérent/);
    expect(() =>
      listSpecFor(ListQuery(['nom'], ['nom', 'chambres']), {
        ...spec,
        defaultSort: { key: 'ville', order: 'asc' },
      }),
    ).toThrow(/défaut ville/);
  });
});

describe('helpers', () => {
  it('motif_recherche normalises the text, then escapes the LIKE wildcards and the escape character', async () => {
    const row = await oneOf<{ motif: string }>(
      handle.db,
      sql`select motif_recherche(${'50%_A\\b É＿'}) as motif`,
    );
    expect(row?.motif).toBe('%50\\%\\_a\\\\b e\\_%');
  });

  it('toListParams separates paging keys from column searches', () => {
    expect(
      toListParams({
        page: 2,
        pageSize: 50,
        sort: 'nom',
        order: 'desc',
        archived: true,
        nom: 'parc',
        ville: 'lyon',
      }),
    ).toEqual({
      page: 2,
      pageSize: 50,
      sort: 'nom',
      order: 'desc',
      archived: true,
      search: { nom: 'parc', ville: 'lyon' },
    });
    expect(toListParams({ page: 1, pageSize: 20, archived: false })).toEqual({
      page: 1,
      pageSize: 20,
      search: {},
    });
  });
});
