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
  numberedItemsQuery,
  orderBySql,
  orderOf,
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

/** The page's rows numbered in order, chosen among the ids of the `m` CTE. */
function numberedItemsFromMatches(page: ReservationPage): SQL {
  const { key } = orderOf(page);
  return sql`select ${reservationItemSelect}, row_number() over (order by ${orderBySql(page)}) as n
    from (select r.id from m join reservations r on r.id = m.id ${SORTS[key].join}
          order by ${orderBySql(page)} limit ${page.limit} offset ${page.offset ?? 0}) ids
    join reservations r on r.id = ids.id
    ${reservationItemJoins}`;
}

const itemsJson = (
  numbered: SQL,
) => sql`(select coalesce(json_agg(to_jsonb(i) - 'n' order by i.n), '[]'::json)
  from (${numbered}) i)`;

/** The statement of POST /reservations: `total` and `items` (the page as a json array), one row. */
export function listQuery(filters: ReservationFilters, page: ReservationPage): SQL {
  if (isSelective(filters))
    return sql`with m as materialized (select r.id from reservations r
        ${whereClause(reservationConditions(filters))})
      select (select count(*)::int from m) as total, ${itemsJson(numberedItemsFromMatches(page))} as items`;
  return sql`select (${countQuery(filters)}) as total, ${itemsJson(numberedItemsQuery(filters, page))} as items`;
}

/** POST /reservations: one page and the total, in one statement (one round trip). */
export async function listReservations(
  db: Executor,
  body: ReservationListBody,
): Promise<{ reservations: ReservationItem[]; total: number }> {
  const { filters, page } = splitListBody(body);
  assertFilterPeriod(filters);
  const [row] = await rowsOf<{ total: number; items: ReservationItem[] }>(db, listQuery(filters, page));
  return { reservations: row?.items ?? [], total: Number(row?.total ?? 0) };
}
