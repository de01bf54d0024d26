/**
 * The reservation list: POST /reservations (a page and the total, in one statement: one round trip) and
 * POST /reservationsNumber (the total). Rows and count come from reservation-items.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationFilters, ReservationItem, ReservationListBody } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { assertFilterPeriod, reservationConditions, whereClause } from '../filters';
import {
  countQuery,
  itemOrderBy,
  orderBySql,
  orderOf,
  pageItemsQuery,
  reservationItemJoins,
  reservationItemSelect,
  SORTS,
  type ReservationPage,
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

/** The page's rows, chosen among the ids of the `m` CTE (in no particular order: `itemsJson` orders them). */
function itemsFromMatches(page: ReservationPage): SQL {
  const { key } = orderOf(page);
  return sql`select ${reservationItemSelect}
    from (select r.id from m join reservations r on r.id = m.id ${SORTS[key].join}
          order by ${orderBySql(page)} limit ${page.limit} offset ${page.offset ?? 0}) ids
    join reservations r on r.id = ids.id
    ${reservationItemJoins}`;
}

/**
 * The page as a json array in the page's order. `json_agg` of the rows themselves, ordered by the item fields that
 * hold the sort's values: a third cheaper than numbering the rows and converting each through jsonb (1.1 instead
 * of 1.7 ms of database time for the unfiltered page, docs/performance.md « Reservations list »).
 */
const itemsJson = (items: SQL, page: ReservationPage) =>
  sql`(select coalesce(json_agg(i order by ${itemOrderBy(page, 'i')}), '[]'::json) from (${items}) i)`;

/** The statement of POST /reservations: `total` and `items` (the page as a json array), one row. */
export function listQuery(filters: ReservationFilters, page: ReservationPage): SQL {
  if (isSelective(filters))
    return sql`with m as materialized (select r.id from reservations r
        ${whereClause(reservationConditions(filters))})
      select (select count(*)::int from m) as total, ${itemsJson(itemsFromMatches(page), page)} as items`;
  return sql`select (${countQuery(filters)}) as total, ${itemsJson(pageItemsQuery(filters, page), page)} as items`;
}

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

/**
 * POST /reservations: one page and the total, in one statement (one round trip); a deep page (offset ≥
 * `deepOffset`) reads the total first, then the page — from the end when it lies in the second half.
 */
export async function listReservations(
  db: Executor,
  body: ReservationListBody,
  { deepOffset = DEEP_OFFSET }: { deepOffset?: number } = {},
): Promise<{ reservations: ReservationItem[]; total: number }> {
  const { filters, page } = splitListBody(body);
  assertFilterPeriod(filters);
  if ((page.offset ?? 0) >= deepOffset && !isSelective(filters)) {
    const [counted] = await rowsOf<{ total: number }>(db, sql`select (${countQuery(filters)}) as total`);
    const total = Number(counted?.total ?? 0);
    const reversed = pageFromTheEnd(page, total);
    const [row] = await rowsOf<{ items: ReservationItem[] }>(
      db,
      sql`select ${itemsJson(pageItemsQuery(filters, reversed ?? page), reversed ?? page)} as items`,
    );
    const items = row?.items ?? [];
    return { reservations: reversed === undefined ? items : items.reverse(), total };
  }
  const [row] = await rowsOf<{ total: number; items: ReservationItem[] }>(db, listQuery(filters, page));
  return { reservations: row?.items ?? [], total: Number(row?.total ?? 0) };
}
