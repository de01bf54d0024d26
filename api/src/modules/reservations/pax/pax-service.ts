/**
 * POST /reservations/pax: distinct residents, stays and non-cancelled nights of the stays matching the filters,
 * over the nights of [start_date, end_date) (default: today's night; either bound alone: one night from it or
 * up to it). Docs/domain.md "Pax statistics": residents with at least one night in the period.
 */
import { sql } from 'drizzle-orm';
import type { PaxAnswer, ReservationFilters } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY } from '../../../db/today';
import { assertFilterPeriod, reservationConditions } from '../filters';

export async function paxOf(db: Executor, filters: ReservationFilters): Promise<PaxAnswer> {
  assertFilterPeriod(filters);
  const start =
    filters.start_date !== undefined
      ? sql`${filters.start_date}::date`
      : filters.end_date !== undefined
        ? sql`${filters.end_date}::date - 1`
        : TODAY;
  const end = filters.end_date !== undefined ? sql`${filters.end_date}::date` : sql`${start} + 1`;
  const conditions = [
    ...reservationConditions(filters),
    sql`not n.annulee`,
    sql`n.date_nuit >= ${start}`,
    sql`n.date_nuit < ${end}`,
  ];
  const [row] = await rowsOf<PaxAnswer>(
    db,
    sql`select count(distinct n.pensionnaire_id)::int as pax, count(distinct n.reservation_id)::int as reservations,
      count(*)::int as nuitees
    from nuitees n join reservations r on r.id = n.reservation_id
    where ${sql.join(conditions, sql` and `)}`,
  );
  return row ?? { pax: 0, reservations: 0, nuitees: 0 };
}
