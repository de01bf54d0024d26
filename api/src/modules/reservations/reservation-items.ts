/**
 * The stays matching the reservation filters as ReservationItem rows (snake_case, shared/contract): a page or a
 * keyset batch in a given order, and their count. The list (list/), a parent's stays (integrales/), a stay's
 * detail (detail/) and the exports (exports/) read them here. Aliases: see filters.ts.
 *
 * Query shape: the page is chosen on `reservations` alone (conditions only reference r; the sort joins the one
 * table it needs), then the 50 rows are joined to their resident, client, hotel and room type. The count never
 * joins.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReservationFilters, ReservationItem, RESERVATION_SORTABLE } from 'shared/contract';
import type { Executor } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { rowsOf } from '../../db/raw';
import {
  assertFilterPeriod,
  keptCountQuery,
  prolongableRow,
  reservationConditions,
  whereClause,
} from './filters';

export type ReservationSortKey = (typeof RESERVATION_SORTABLE)[number];
export type SortOrder = 'asc' | 'desc';

/** Sort key → expressions (then r.id) and the join they need, plus the item fields holding their values. */
export const SORTS: Record<
  ReservationSortKey,
  { columns: SQL[]; join: SQL; fields: (keyof ReservationItem)[] }
> = {
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

export function orderOf(page: Pick<ReservationPage, 'sort' | 'order'>): {
  key: ReservationSortKey;
  order: SortOrder;
} {
  return { key: page.sort ?? 'date_debut', order: page.order ?? (page.sort === undefined ? 'desc' : 'asc') };
}

/**
 * The select list of a ReservationItem over r, p, c, e, tc. The list's pages read the same fields from the items
 * each stay keeps as JSON text (`reservations_items`, written by `reservations_items_ecrire`, migration 0021): a
 * change here needs a migration replacing that function and rewriting the items — list.test.ts (« byte for byte »)
 * compares the list's answer with the rows this select reads.
 */
export const reservationItemSelect = sql`r.id, r.id_reservation_mere, r.type_resa, r.prolongation_de_id,
  r.prolongee_par_id,
  r.statut, r.pensionnaire_id, p.nom as pensionnaire_nom, p.prenom as pensionnaire_prenom, p.numero_dossier,
  r.client_id, c.nom as client_nom, r.etablissement_id, e.nom as etablissement_nom,
  e.ville as etablissement_ville, r.type_chambre_id, tc.libelle as type_chambre_libelle, r.chambre,
  r.date_debut::text as date_debut, r.date_fin::text as date_fin, (r.date_fin - r.date_debut) as nombre_nuits,
  r.petit_dejeuner, r.dejeuner, r.diner, r.status_paf, r.status_caf, r.etat_payment_paf, r.etat_payment_caf,
  r.apec, ${prolongableRow} as prolongable, r.version, ${isoTimestamp(sql`r.created_at`)} as created_at`;

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
export function pageIdsQuery(filters: ReservationFilters, page: ReservationPage): SQL {
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
export function orderBySql(page: ReservationPage): SQL {
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

/**
 * count(*) of the stays matching the filters: on reservations alone (conditions never need a join); without any
 * condition, the maintained number of stays; for filters on residents, clients or hotels only, the numbers they
 * keep (`keptCountQuery`).
 */
export function countQuery(filters: ReservationFilters): SQL {
  const conditions = reservationConditions(filters);
  // Every stay: the maintained number (migration 0013) — a few rows summed instead of 100,000 index entries.
  if (conditions.length === 0)
    return sql`select coalesce(sum(variation), 0)::int as total from reservations_total`;
  return (
    keptCountQuery(filters) ??
    sql`select count(*)::int as total from reservations r ${whereClause(conditions)}`
  );
}

/**
 * Replaces the maintained number's variations (one row per INSERT or DELETE statement on reservations) by their
 * sum, so the unfiltered total stays a sum of a few rows. Exact beside concurrent bookings (migration 0013).
 */
export async function compactReservationsTotal(db: Executor): Promise<void> {
  await db.execute(sql`select reservations_total_compacte()`);
}

/**
 * Replaces the variations of the stays counted by status and day (migration 0022) by their sums, one row per
 * status, side and day, so that a period's number of stays sums a few hundred rows. Exact beside concurrent writes.
 */
export async function compactReservationsJours(db: Executor): Promise<void> {
  await db.execute(sql`select reservations_jours_compacte()`);
}

export async function countReservations(db: Executor, filters: ReservationFilters): Promise<number> {
  assertFilterPeriod(filters);
  const [row] = await rowsOf<{ total: number }>(db, countQuery(filters));
  return Number(row?.total ?? 0);
}
