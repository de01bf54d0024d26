/**
 * POST /reservations/pointage_nuitees: the stays of the three pointage screens (the reservation list's filters, so
 * a dashboard badge's filter gives the same set as its counter, plus `date_arrivee`), by resident name, each with
 * its non-cancelled nights in the window: `[start_date, end_date)` when both are given, else the 31 days up to
 * today included.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PointageListAnswer, PointageListBody, PointageNuitee, ReservationItem } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { todayOf } from '../../../db/today';
import { addDays } from '../../../lib/days';
import { assertFilterPeriod, reservationConditions, whereClause } from '../filters';
import { reservationItemJoins, reservationItemSelect } from '../reservation-items';

/** Days of the default night window, ending today. */
export const POINTAGE_WINDOW_DAYS = 31;

type PointageFilters = Omit<PointageListBody, 'page' | 'pageSize'>;

/** The stays' conditions over r: the list's filters plus the arrival day. */
export function pointageConditions(filters: PointageFilters): SQL[] {
  const { date_arrivee: arrival, ...listFilters } = filters;
  const conditions = reservationConditions(listFilters);
  if (arrival !== undefined) conditions.push(sql`r.date_debut = ${arrival}::date and r.statut <> 'annulee'`);
  return conditions;
}

const ORDER = sql`p.nom, p.prenom, r.id`;

/** The night window of the filters. */
export async function pointageWindow(
  db: Executor,
  filters: PointageFilters,
): Promise<{ start_date: string; end_date: string }> {
  if (filters.start_date !== undefined && filters.end_date !== undefined)
    return { start_date: filters.start_date, end_date: filters.end_date };
  const today = await todayOf(db);
  return { start_date: addDays(today, 1 - POINTAGE_WINDOW_DAYS), end_date: addDays(today, 1) };
}

/** Nights of the stays in the window, by stay. */
export async function nightsByStay(
  db: Executor,
  ids: number[],
  window: { start_date: string; end_date: string },
): Promise<Map<number, PointageNuitee[]>> {
  const byStay = new Map<number, PointageNuitee[]>();
  if (ids.length === 0) return byStay;
  const nights = await rowsOf<PointageNuitee & { reservation_id: number }>(
    db,
    sql`select reservation_id, id, date_nuit::text as date_nuit, presence, etat_paf, etat_caf,
          montant_paf::text as montant_paf, montant_caf::text as montant_caf,
          date_nuit <= (now() at time zone 'Europe/Paris')::date as pointable
        from nuitees where reservation_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and not annulee and date_nuit >= ${window.start_date}::date and date_nuit < ${window.end_date}::date
        order by reservation_id, date_nuit`,
  );
  for (const { reservation_id: stay, ...night } of nights) {
    const list = byStay.get(stay) ?? [];
    list.push(night);
    byStay.set(stay, list);
  }
  return byStay;
}

/** A keyset/offset batch of stays in the pointage order (the list and the exports). */
export function pointageStays(
  db: Executor,
  filters: PointageFilters,
  page: { limit: number; offset?: number; after?: ReservationItem },
): Promise<ReservationItem[]> {
  const keyset =
    page.after === undefined
      ? []
      : [
          sql`(p.nom, p.prenom, r.id) > (${page.after.pensionnaire_nom}, ${page.after.pensionnaire_prenom}, ${page.after.id}::int)`,
        ];
  return rowsOf<ReservationItem>(
    db,
    sql`select ${reservationItemSelect} from (
          select r.id from reservations r join pensionnaires p on p.id = r.pensionnaire_id
          ${whereClause(pointageConditions(filters), keyset)}
          order by ${ORDER} limit ${page.limit} offset ${page.offset ?? 0}) ids
        join reservations r on r.id = ids.id ${reservationItemJoins} order by ${ORDER}`,
  );
}

export async function countPointage(db: Executor, filters: PointageFilters): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from reservations r ${whereClause(pointageConditions(filters))}`,
  );
  return row?.total ?? 0;
}

export async function listPointage(db: Executor, body: PointageListBody): Promise<PointageListAnswer> {
  const { page, pageSize, ...filters } = body;
  assertFilterPeriod(filters);
  const window = await pointageWindow(db, filters);
  const [stays, total] = await Promise.all([
    pointageStays(db, filters, { limit: pageSize, offset: (page - 1) * pageSize }),
    countPointage(db, filters),
  ]);
  const nights = await nightsByStay(
    db,
    stays.map((s) => s.id),
    window,
  );
  return {
    reservations: stays.map((stay) => ({ ...stay, nuitees: nights.get(stay.id) ?? [] })),
    total,
    ...window,
  };
}
