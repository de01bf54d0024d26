/**
 * The reservation list: POST /reservations (the total, the page's ids and their items in one statement) and
 * POST /reservationsNumber (the total). Conditions and count come from reservation-items.ts.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationFilters, ReservationItem, ReservationListBody } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { namedRowsOf, rowsOf, statementText } from '../../../db/raw';
import { TODAY } from '../../../db/today';
import {
  assertFilterPeriod,
  DIMENSIONS,
  dimensionMatches,
  NAMES,
  reservationConditions,
  whereClause,
  type Dimension,
} from '../filters';
import {
  countQuery,
  orderBySql,
  orderOf,
  pageIdsQuery,
  SORTS,
  type ReservationPage,
  type ReservationSortKey,
} from '../reservation-items';

/** Splits a list body into filters and paging. */
export function splitListBody(body: ReservationListBody): {
  filters: ReservationFilters;
  page: ReservationPage;
} {
  const { page, pageSize, sort, order, ...filters } = body;
  return {
    filters,
    page: {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      ...(sort === undefined ? {} : { sort }),
      ...(order === undefined ? {} : { order }),
    },
  };
}

/**
 * Filters that match a small, bounded set of stays (derived states, one resident or one parent): their matching ids
 * are read once and both the total and the page come from them, instead of evaluating the conditions twice (the
 * `prolongable` rule costs a few microseconds a stay). Broad filters, name searches included, keep the two separate
 * reads: a page of 50 by index and a count beat sorting thousands of materialised ids (measured:
 * docs/performance.md).
 */
export function isSelective(filters: ReservationFilters): boolean {
  return (
    filters.etat !== undefined ||
    filters.jours !== undefined ||
    filters.pensionnaire_id !== undefined ||
    filters.id_reservation_mere !== undefined
  );
}

/**
 * The columns of the matching stays kept in the `m` CTE: the id and what any sort reads of the stay itself (its own
 * sort keys, the keys of the name joins), so that the page is sorted from `m` alone instead of reading each matching
 * stay again by its id (203 lookups for `prolongable` on the large set).
 */
const MATCH_COLUMNS = sql`r.id, r.date_debut, r.date_fin, r.statut, r.created_at, r.pensionnaire_id, r.client_id,
  r.etablissement_id`;

/** The ids of the page among the stays of the `m` CTE (named `r`, as the sorts expect), in the page's order. */
function idsFromMatches(page: ReservationPage): SQL {
  const { key } = orderOf(page);
  return sql`select r.id from m r ${SORTS[key].join}
    order by ${orderBySql(page)} limit ${page.limit} offset ${page.offset ?? 0}`;
}

/**
 * The ids statement of POST /reservations: `total` and the page's `ids` in the page's order, one row, with the
 * business day it was read on (`today`: the answer cache keeps a page only under that day). It reads `reservations`
 * alone (plus the one table a name sort needs): small enough to be planned for each request, so the plan follows the
 * filters' values (a rare name, a client with few stays); `listReservationsPage` reads the items in the same
 * statement (`pageItems`, whose query is planned once per connection).
 */
export function listIdsQuery(filters: ReservationFilters, page: ReservationPage): SQL {
  const search = searchOf(filters, page);
  if (search !== undefined) return searchIdsQuery(page, search);
  if (isSelective(filters))
    return sql`with m as materialized (select ${MATCH_COLUMNS} from reservations r
        ${whereClause(reservationConditions(filters))})
      select (select count(*)::int from m) as total, array(${idsFromMatches(page)}) as ids, ${TODAY}::text as today`;
  return sql`select (${countQuery(filters)}) as total, array(${pageIdsQuery(filters, page)}) as ids,
    ${TODAY}::text as today`;
}

/**
 * The search of `filters` when its page is read by `searchIdsQuery`: a text of three characters or more searched
 * in residents, clients or hotels alone, sorted by a column of the stay or by the searched name. Its statement's
 * plan is kept (`searchStatementName`): the searched text's pattern is computed once per execution.
 */
function searchOf(filters: ReservationFilters, page: ReservationPage) {
  const search = dimensionMatches(filters, { keptPlan: true });
  const { key } = orderOf(page);
  return search?.searched && (NAME_GROUPS[key] === undefined || key === search.dimension)
    ? search
    : undefined;
}

/** A page's bound as a literal of a statement's text (an integer of the validated body). */
function literal(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`borne de page invalide : ${value}`);
  return sql.raw(String(value));
}

/** A page's limit, offset and their sum as literals of a statement's text. */
function literalBounds(page: ReservationPage): { limit: SQL; offset: SQL; end: SQL } {
  const offset = page.offset ?? 0;
  return { limit: literal(page.limit), offset: literal(offset), end: literal(offset + page.limit) };
}

/**
 * The ids statement of a search of residents, clients or hotels by text (`dimensionMatches`) sorted by a column of
 * the stay or by the searched name: the matching rows are read once, materialised (`t`), and give both the total
 * (the numbers of stays they keep) and the page. Sorted by a column of the stay, the page is read one of two ways,
 * chosen by the total `n` among all stays `N`:
 * - a walk of every stay in the page's order, keeping those whose row is in the hashed set of matches, when the
 *   walk is short: it reads about (offset + limit) × N / n stays, fewer than the n matching ones —
 *   (offset + limit) × N < n² (« dia » on the large set: 433 stays walked for 9,424 matching, each one a hash probe
 *   instead of its resident's row read and its name compared). `(… in (select …)) is true` keeps the hashed set:
 *   a plain `in` would be planned as a join, which walks every stay;
 * - otherwise the stays of each match, by the index on the stays' key (`= any` of the matches' ids), then sorted:
 *   fewer than √((offset + limit) × N) stays (2,241 for the first page of 100,412). They are read in a subquery
 *   the planner cannot reorder (`offset 0`): left to it, a page of `= any(matches)` sorted by date walked the dates'
 *   index whenever it expected many stays a match — a client has a thousand —, all 100,412 stays for a client
 *   search matching none (42 ms; 0.5 ms now).
 * Only the branch chosen runs. Sorted by the searched name (a resident search by resident…), the matches are sorted
 * and each one's stays read by the index on the stays' key, in order, until the page is full (« Yilmaz » by
 * resident: 15 → 1.5 ms; a walk of every resident in name order before). A sort by another name keeps the plain
 * page (`pageIdsQuery`, which walks that name's index). Figures: docs/performance.md « Totals of a status and a
 * period, a search's matches read once, names as generated JSON ».
 */
function searchIdsQuery(page: ReservationPage, search: { rows: SQL; key: SQL; dimension: Dimension }): SQL {
  const { limit, offset, end } = literalBounds(page);
  const head = sql`with t as materialized (${search.rows}),
      n as materialized (select coalesce(sum(t.nombre_sejours), 0)::bigint as n from t)
    select (select n::int from n) as total,`;
  const { key, order } = orderOf(page);
  if (key === search.dimension) {
    // Sorted by the searched name: the matches in that order, each one's stays by id, until the page is full.
    const names = NAMES[search.dimension];
    const by = (alias: string) => sql.raw(names.map((name) => `${alias}.${name} ${order}`).join(', '));
    const columns = sql.raw(names.map((name) => `t.${name}`).join(', '));
    return sql`${head} array(select x.id
        from (select t.id as match_id, ${columns} from t order by ${by('t')}) m
          cross join lateral (select r.id from reservations r where ${search.key} = m.match_id) x
        order by ${by('m')}, x.id ${sql.raw(order)} limit ${limit} offset ${offset}) as ids,
      ${TODAY}::text as today`;
  }
  const walk = sql`select r.id from reservations r where (${search.key} in (select t.id from t)) is true
    order by ${orderBySql(page)} limit ${limit} offset ${offset}`;
  const matches = sql`select r.id from (select ${sql.join([sql`r.id`, ...SORTS[key].columns], sql`, `)}
      from reservations r
      where ${search.key} = any(array(select t.id from t)) offset 0) r
    order by ${orderBySql(page)} limit ${limit} offset ${offset}`;
  return sql`${head}
      case when ${end}::bigint * (select coalesce(sum(variation), 0) from reservations_total)
          < (select n * n from n)
        then array(${walk}) else array(${matches}) end as ids,
      ${TODAY}::text as today`;
}

/**
 * The name of the ids statement when its text holds no value of the body, only the page's limit and offset as
 * parameters: the derived states alone (`etat`, `jours` — the dashboard's lists), whose text depends on those two
 * values and the sort. Such a statement is prepared once per pooled connection and its generic plan is the custom
 * one (no value to plan for; the materialised ids are sorted after, whatever the limit). Any other filter brings
 * values whose plan must follow them (a rare name, a small client): planned for each request, unnamed. At most
 * 2 × 3 × 8 × 2 names.
 */
export function idsStatementName(filters: ReservationFilters, page: ReservationPage): string | undefined {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  if (given.length === 0 || given.some(([key]) => key !== 'etat' && key !== 'jours')) return undefined;
  const { key, order } = orderOf(page);
  return `ebas3_reservation_ids_${filters.etat ?? ''}_${filters.jours ?? ''}_${key}_${order}`;
}

/** How many search statements a process names (`searchStatementName`): their plans' memory in each backend. */
export const SEARCH_STATEMENTS_NAMED = 64;
const searchStatements = new Set<string>();

/**
 * `prefix` and a hash of the statement's text, while `named` (the texts named so far by this process) holds fewer
 * than `cap` of them; undefined beyond (the statement goes unnamed).
 */
function cappedName(prefix: string, statement: SQL, named: Set<string>, cap: number): string | undefined {
  const name = `${prefix}${createHash('sha1').update(statementText(statement)).digest('hex').slice(0, 24)}`;
  if (!named.has(name)) {
    if (named.size >= cap) return undefined;
    named.add(name);
  }
  return name;
}

/**
 * The name of a search's statement (`searchIdsQuery`) on one of its first five pages: `ebas3_search_` and a hash of
 * its text. Its text holds the page's bounds as literals and the searched values as parameters, and its plan does not
 * depend on those values — the matches are materialised, the branch is chosen when it runs —, so it is prepared once
 * per pooled connection and PostgreSQL keeps its generic plan after five custom ones (planned for each request, the
 * parse and plan cost « dia » 0.3–0.6 ms of its 2 ms: docs/performance.md « A search's few matches, statements named »). With its
 * bounds as parameters the generic plan's cost counts a tenth of the stays for a walk, and PostgreSQL kept planning
 * each request. At most `SEARCH_STATEMENTS_NAMED` texts a process (≈ 130 kB of plan each in each backend); beyond,
 * unnamed (`named`: the texts named so far). Undefined for any other statement.
 */
export function searchStatementName(
  filters: ReservationFilters,
  page: ReservationPage,
  statement: SQL,
  named: Set<string> = searchStatements,
): string | undefined {
  if (searchOf(filters, page) === undefined || (page.offset ?? 0) >= 5 * page.limit) return undefined;
  return cappedName('ebas3_search_', statement, named, SEARCH_STATEMENTS_NAMED);
}

/** How many statements of deep pages sorted by a name a process names (`namePageStatement`). */
export const NAME_PAGE_STATEMENTS_NAMED = 32;
const namePageStatements = new Set<string>();

/**
 * The items of a deep page of every stay sorted by resident, client or hotel (`nameGroupPageIdsQuery`), under a
 * name: its text holds the sort, the order and the page's limit, its offset is a parameter that its plan does not
 * follow (the names' walk stops at the page's name whatever it is), so PostgreSQL keeps the generic plan after
 * five custom ones (0.25 ms of planning a request otherwise). At most `NAME_PAGE_STATEMENTS_NAMED` texts a
 * process; beyond, unnamed.
 */
export function namePageStatement(
  ids: SQL,
  named: Set<string> = namePageStatements,
): { statement: SQL; name: string | undefined } {
  const statement = sql`select ${pageItems(sql`array(${ids})`)} as items`;
  return { statement, name: cappedName('ebas3_name_page_', statement, named, NAME_PAGE_STATEMENTS_NAMED) };
}

/**
 * The page's items as JSON text, in the order of `ids` (an `int[]` expression): the contract's `ReservationItem`
 * fields in the contract's order, by the function `reservations_page_json` — the texts each stay keeps
 * (`reservations_items`, migration 0021: `reservationItemSelect` and its joins, written with the stay) joined with
 * the texts its resident, client, hotel and room type give (`item_json`, migration 0023: generated from their rows),
 * with `prolongable` for the day — so the text is what the response schema would write for the same rows (tested:
 * list.test.ts). In the statement that reads the ids: one round trip and one snapshot for the page, the function's
 * query planned once per pooled connection (docs/performance.md « One round trip a page », « Items kept as JSON »).
 */
const pageItems = (ids: SQL) => sql`reservations_page_json(${ids})`;

/**
 * From this offset on, the total is read first and a page in the second half of the list is read from its end:
 * the last page (offset 103,500 of 103,553 stays) walks 50 index entries in the reverse order instead of 103,500
 * (docs/performance.md « Reservations list »). Pages before it keep the one-statement read.
 */
export const DEEP_OFFSET = 5_000;

/**
 * The same rows as `page` of a list of `total` rows, read in the reverse order from the end — or undefined when
 * the page is in the first half (or past the end), where the forward read walks fewer entries.
 */
export function pageFromTheEnd(page: ReservationPage, total: number): ReservationPage | undefined {
  const offset = page.offset ?? 0;
  if (offset >= total || offset < total / 2) return undefined;
  const { key, order } = orderOf(page);
  const limit = Math.min(page.limit, total - offset);
  return { sort: key, order: order === 'asc' ? 'desc' : 'asc', limit, offset: total - offset - limit };
}

/** The tables behind the name sorts, and the columns a name group is made of (as `SORTS` orders them). */
const NAME_GROUPS: Partial<Record<ReservationSortKey, { table: string; names: readonly string[] }>> =
  Object.fromEntries(
    (Object.keys(NAMES) as Dimension[]).map((dimension) => [
      dimension,
      { table: DIMENSIONS[dimension].table, names: NAMES[dimension] },
    ]),
  );

/**
 * The walk's limit, larger than any table: a value the planner cannot see (an init plan), for which it assumes a
 * tenth of the rows will be read — so it walks the names' index in order, stopping at the page's name, instead of
 * sorting every row of the table first (which it prefers for a walk it thinks will read them all: 3.4 ms for the
 * residents against 0.5).
 */
const ALL_ROWS = 9_223_372_036_854_775_807n;

/**
 * The ids of a deep page of every stay sorted by resident, client or hotel, found from the numbers of stays they
 * keep (migration 0018) instead of walking the `offset` stays before it: the names are walked in the page's order,
 * summing their numbers until the one holding the page's first row (`debut`: 620 residents summed for page 200,
 * instead of 10,000 stays read and sorted again); the page is then read from that name on, skipping the rows of the
 * name that come before it (`saut`). Undefined for another sort. Stays with the same name are one group, as the
 * sort orders them (by id within the name).
 */
export function nameGroupPageIdsQuery(page: ReservationPage): SQL | undefined {
  const { key, order } = orderOf(page);
  const group = NAME_GROUPS[key];
  if (group === undefined) return undefined;
  const names = group.names.map((name) => sql.raw(name));
  const list = sql.join(names, sql`, `);
  const ordered = sql.join(
    names.map((name) => sql`${name} ${sql.raw(order)}`),
    sql`, `,
  );
  const offset = page.offset ?? 0;
  const start = sql`select ${list}, ${offset}::int - (g.fin - g.n)::int as saut
    from (select ${list}, sum(nombre_sejours) as n, sum(sum(nombre_sejours)) over (order by ${ordered}) as fin
      from (select ${list}, nombre_sejours from ${sql.raw(group.table)}
        order by ${ordered}, id ${sql.raw(order)} limit (select ${ALL_ROWS}::bigint)) t
      group by ${list}) g
    where g.fin > ${offset}::int order by ${ordered} limit 1`;
  const from = SORTS[key].columns;
  const to = names.map((name) => sql`(select ${name} from debut)`);
  return sql`with debut as materialized (${start})
    select r.id from reservations r ${SORTS[key].join}
    where (${sql.join(from, sql`, `)}) ${sql.raw(order === 'asc' ? '>=' : '<=')} (${sql.join(to, sql`, `)})
    order by ${orderBySql(page)} limit ${literal(page.limit)} offset (select saut from debut)`;
}

/**
 * The statement of a page read in one round trip (`listReservationsPage`): the total, the items and the day, under
 * its name when it has one (`idsStatementName`, `searchStatementName`).
 */
export function pageStatement(
  filters: ReservationFilters,
  page: ReservationPage,
): { statement: SQL; name: string | undefined } {
  const statement = sql`select m.total, ${pageItems(sql`m.ids`)} as items, m.today
    from (${listIdsQuery(filters, page)}) m`;
  return {
    statement,
    name: idsStatementName(filters, page) ?? searchStatementName(filters, page, statement),
  };
}

/** A page of the list: the total, the items as JSON text (see `pageItems`) and the business day it was read on. */
export interface ListPage {
  total: number;
  items: string;
  today: string;
}

/**
 * POST /reservations: the total, the page's ids and their items (`pageItems`) in one statement; a deep page
 * (offset ≥ `deepOffset`) reads the total first, then the ids and items — from the end when the page lies in the
 * second half, and from the names' kept numbers when every stay is sorted by a name (`nameGroupPageIdsQuery`).
 */
export async function listReservationsPage(
  db: Executor,
  body: ReservationListBody,
  { deepOffset = DEEP_OFFSET }: { deepOffset?: number } = {},
): Promise<ListPage> {
  const { filters, page } = splitListBody(body);
  assertFilterPeriod(filters);
  if ((page.offset ?? 0) >= deepOffset && !isSelective(filters)) {
    const [counted] = await rowsOf<{ total: number; today: string }>(
      db,
      sql`select (${countQuery(filters)}) as total, ${TODAY}::text as today`,
    );
    const total = Number(counted!.total);
    const reversed = pageFromTheEnd(page, total);
    const deep = reversed ?? page;
    const byName = reservationConditions(filters).length === 0 ? nameGroupPageIdsQuery(deep) : undefined;
    if (byName !== undefined && reversed === undefined) {
      const { statement, name } = namePageStatement(byName);
      const [row] = await namedRowsOf<{ items: string }>(db, name, statement);
      return { total, items: row!.items, today: counted!.today };
    }
    const ids = sql`array(${byName ?? pageIdsQuery(filters, deep)})`;
    // Read from the end, the ids come last row first: turned back into the page's order.
    const ordered =
      reversed === undefined
        ? ids
        : sql`array(select u.id from unnest(${ids}) with ordinality u(id, n) order by u.n desc)`;
    const [row] = await rowsOf<{ items: string }>(db, sql`select ${pageItems(ordered)} as items`);
    return { total, items: row!.items, today: counted!.today };
  }
  const { statement, name } = pageStatement(filters, page);
  const [row] = await namedRowsOf<{ total: number; items: string; today: string }>(db, name, statement);
  return { total: Number(row!.total), items: row!.items, today: row!.today };
}

/**
 * The answer of POST /reservations as JSON text, written as the response schema (`ReservationListAnswer`) would
 * write it: the items' text from PostgreSQL is passed through instead of being parsed and serialised again.
 */
export const listAnswerJson = ({ total, items }: Pick<ListPage, 'total' | 'items'>): string =>
  `{"reservations":${items},"total":${total}}`;

/** POST /reservations as objects (the items parsed): for callers inside the API and the tests. */
export async function listReservations(
  db: Executor,
  body: ReservationListBody,
  options: { deepOffset?: number } = {},
): Promise<{ reservations: ReservationItem[]; total: number }> {
  const { total, items } = await listReservationsPage(db, body, options);
  return { reservations: JSON.parse(items) as ReservationItem[], total };
}
