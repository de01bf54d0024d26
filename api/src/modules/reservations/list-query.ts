/**
 * The reservation list (POST /reservations, /reservationsNumber) and the row reader the exports stream from.
 * Rows are ReservationItem (snake_case, shared/contract). Aliases: see filters.ts.
 *
 * Query shape: the page is chosen on `reservations` alone (conditions only reference r; the sort joins the one
 * table it needs), then the 50 rows are joined to their resident, client, hotel and room type. The total is a
 * separate count(*) of the same conditions in the same statement (one round trip), which never joins.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  ReservationFilters,
  ReservationItem,
  ReservationListBody,
  RESERVATION_SORTABLE,
} from 'shared/contract';
import type { Executor } from '../../db/client';
import { assertFilterPeriod, prolongableCondition, reservationConditions, whereClause } from './filters';

export type ReservationSortKey = (typeof RESERVATION_SORTABLE)[number];
export type SortOrder = 'asc' | 'desc';

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Full-precision ISO 8601 (UTC) of a timestamptz, so a keyset on it never skips or repeats rows. */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Sort key → expressions (then r.id) and the join they need, plus the item fields holding their values. */
const SORTS: Record<ReservationSortKey, { columns: SQL[]; join: SQL; fields: (keyof ReservationItem)[] }> = {
  id: { columns: [], join: sql``, fields: [] },
  date_debut: { columns: [sql`r.date_debut`], join: sql``, fields: ['date_debut'] },
  date_fin: { columns: [sql`r.date_fin`], join: sql``, fields: ['date_fin'] },
  statut: { columns: [sql`r.statut`], join: sql``, fields: ['statut'] },
  created_at: { columns: [sql`r.created_at`], join: sql``, fields: ['created_at'] },
  pensionnaire: {
    columns: [sql`p.nom`, sql`p.prenom`],
    join: sql`join pensionnaires p on p.id = r.pensionnaire_id`,
    fields: ['pensionnaire_nom', 'pensionnaire_prenom'],
  },
  client: {
    columns: [sql`c.nom`],
    join: sql`join clients c on c.id = r.client_id`,
    fields: ['client_nom'],
  },
  etablissement: {
    columns: [sql`e.nom`],
    join: sql`join etablissements e on e.id = r.etablissement_id`,
    fields: ['etablissement_nom'],
  },
};

const CASTS: Partial<Record<ReservationSortKey, string>> = {
  date_debut: 'date',
  date_fin: 'date',
  created_at: 'timestamptz',
};

export interface ReservationPage {
  sort?: ReservationSortKey;
  /** Default: desc for the default sort (date_debut), asc when a sort is given (as every list). */
  order?: SortOrder;
  limit: number;
  offset?: number;
  /** Keyset: the last row of the previous batch (same sort and order); rows after it. Exports use this. */
  after?: ReservationItem;
}

function orderOf(page: Pick<ReservationPage, 'sort' | 'order'>): {
  key: ReservationSortKey;
  order: SortOrder;
} {
  return { key: page.sort ?? 'date_debut', order: page.order ?? (page.sort === undefined ? 'desc' : 'asc') };
}

/** The select list of a ReservationItem over r, p, c, e, tc. */
export const reservationItemSelect = sql`r.id, r.id_reservation_mere, r.type_resa, r.prolongation_de_id,
  (select x.id from reservations x where x.prolongation_de_id = r.id and x.statut <> 'annulee' limit 1)
    as prolongee_par_id,
  r.statut, r.pensionnaire_id, p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, p.numero_dossier,
  r.client_id, c.nom as client_nom, r.etablissement_id, e.nom as etablissement_nom,
  e.ville as etablissement_ville, r.type_chambre_id, tc.libelle as type_chambre_libelle, r.chambre,
  r.date_debut::text as date_debut, r.date_fin::text as date_fin, (r.date_fin - r.date_debut) as nombre_nuits,
  r.petit_dejeuner, r.dejeuner, r.diner, r.status_paf, r.status_caf, r.etat_payment_paf, r.etat_payment_caf,
  r.apec, ${prolongableCondition} as prolongable, r.version, ${isoTimestamp(sql`r.created_at`)} as created_at`;

/** The joins of reservationItemSelect, after `reservations r`. */
export const reservationItemJoins = sql`join pensionnaires p on p.id = r.pensionnaire_id
  join clients c on c.id = r.client_id
  join etablissements e on e.id = r.etablissement_id
  join types_chambre tc on tc.id = r.type_chambre_id`;

/**
 * The ids of a page (or batch), chosen on r and the one table its sort needs: the outer query joins only these
 * rows and orders them again (same expressions, same aliases). The sort ends with r.id, so pages never repeat
 * or skip rows. No window function here: it would make PostgreSQL sort every matching row instead of a top-N.
 */
function pageIdsQuery(filters: ReservationFilters, page: ReservationPage): SQL {
  const { key, order } = orderOf(page);
  const sort = SORTS[key];
  const columns = [...sort.columns, sql`r.id`];
  const keyset: SQL[] = [];
  if (page.after !== undefined) {
    const after = page.after;
    const cast = sql.raw(CASTS[key] === undefined ? '' : `::${CASTS[key]}`);
    const values = [...sort.fields.map((field) => sql`${after[field]}${cast}`), sql`${after.id}::int`];
    keyset.push(
      sql`(${sql.join(columns, sql`, `)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${sql.join(values, sql`, `)})`,
    );
  }
  return sql`select r.id
    from reservations r ${sort.join} ${whereClause(reservationConditions(filters), keyset)}
    order by ${orderBySql(page)} limit ${page.limit} offset ${page.offset ?? 0}`;
}

/** `order by` expressions of the page (valid wherever r, p, c, e are in scope). */
function orderBySql(page: ReservationPage): SQL {
  const { key, order } = orderOf(page);
  return sql.join(
    [...SORTS[key].columns, sql`r.id`].map((column) => sql`${column} ${sql.raw(order)}`),
    sql`, `,
  );
}

/** The rows of the page, with their position `n` (numbered over the 50 rows only). */
export function numberedItemsQuery(filters: ReservationFilters, page: ReservationPage): SQL {
  return sql`select ${reservationItemSelect}, row_number() over (order by ${orderBySql(page)}) as n
    from (${pageIdsQuery(filters, page)}) ids
    join reservations r on r.id = ids.id
    ${reservationItemJoins}`;
}

/** A page or batch of ReservationItem rows, in the requested order. */
export function selectReservationItems(
  db: Executor,
  filters: ReservationFilters,
  page: ReservationPage,
): Promise<ReservationItem[]> {
  return rowsOf<ReservationItem>(
    db,
    sql`select ${reservationItemSelect} from (${pageIdsQuery(filters, page)}) ids
      join reservations r on r.id = ids.id ${reservationItemJoins} order by ${orderBySql(page)}`,
  );
}

/** count(*) of the stays matching the filters: on reservations alone (conditions never need a join). */
export function countQuery(filters: ReservationFilters): SQL {
  return sql`select count(*)::int as total from reservations r ${whereClause(reservationConditions(filters))}`;
}

export async function countReservations(db: Executor, filters: ReservationFilters): Promise<number> {
  assertFilterPeriod(filters);
  const [row] = await rowsOf<{ total: number }>(db, countQuery(filters));
  return Number(row?.total ?? 0);
}

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
