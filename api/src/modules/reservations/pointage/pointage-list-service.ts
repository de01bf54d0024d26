/**
 * POST /reservations/pointage_nuitees: the stays of the three pointage screens (the reservation list's filters, so
 * a dashboard badge's filter gives the same set as its counter, plus `date_arrivee`), by resident name, each with
 * its non-cancelled nights in the window (`[start_date, end_date)` when both are given, else the 31 days up to
 * today included) and, per stream it applies, its nights due over the whole stay by state.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  ETATS_PAIEMENT,
  type FluxPaiement,
  type NuitsDues,
  type PointageListAnswer,
  type PointageListBody,
  type PointageNuitee,
  type PointageReservation,
  type ReservationItem,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { TODAY, todayOf } from '../../../db/today';
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

type StayNights = Pick<PointageReservation, 'nuitees' | 'nuits_dues_paf' | 'nuits_dues_caf'>;

/**
 * A stream's nights due by state, as JSON, over the rows of `nightsByStay`'s statement: every non-cancelled night
 * of the stay dated before today (`due`: the nights a whole-stay check writes), in or out of the window.
 */
function duesOf(flux: FluxPaiement): SQL {
  const etat = sql.raw(`etat_${flux}`);
  const montant = sql.raw(`montant_${flux}`);
  return sql`json_build_object(${sql.join(
    ETATS_PAIEMENT.map((state) => {
      const due = sql`due and ${etat} = ${state}`;
      return sql`${state}::text, json_build_object(
          'nuits', count(*) filter (where ${due}),
          'montant', coalesce(sum(${montant}) filter (where ${due}), 0)::numeric(14, 2)::text,
          'hors_fenetre', count(*) filter (where ${due} and not in_window))`;
    }),
    sql`, `,
  )})`;
}

const NO_DUES: NuitsDues = {
  a_verifier: { nuits: 0, montant: '0.00', hors_fenetre: 0 },
  paye: { nuits: 0, montant: '0.00', hors_fenetre: 0 },
  non_paye: { nuits: 0, montant: '0.00', hors_fenetre: 0 },
};

/**
 * The stays' nights in the window and, per stream it applies, its nights due over the whole stay by state: one
 * statement, one pass over the page's nights, whatever the number of stays (the list reads the window, then the
 * stays and their count side by side, then this).
 */
export async function nightsByStay(
  db: Executor,
  stays: readonly ReservationItem[],
  window: { start_date: string; end_date: string },
): Promise<Map<number, StayNights>> {
  const byStay = new Map<number, StayNights>();
  if (stays.length === 0) return byStay;
  const rows = await rowsOf<{
    reservation_id: number;
    nuitees: PointageNuitee[];
    paf: NuitsDues;
    caf: NuitsDues;
  }>(
    db,
    sql`select reservation_id,
          coalesce(json_agg(json_build_object('id', id, 'date_nuit', date_nuit::text, 'presence', presence,
              'etat_paf', etat_paf, 'etat_caf', etat_caf, 'montant_paf', montant_paf::text,
              'montant_caf', montant_caf::text, 'pointable', pointable) order by date_nuit)
            filter (where in_window), '[]') as nuitees,
          ${duesOf('paf')} as paf, ${duesOf('caf')} as caf
        from (select reservation_id, id, date_nuit, presence, etat_paf, etat_caf, montant_paf, montant_caf,
                date_nuit < ${TODAY} as due, date_nuit <= ${TODAY} as pointable,
                date_nuit >= ${window.start_date}::date and date_nuit < ${window.end_date}::date as in_window
              from nuitees where reservation_id in (${sql.join(
                stays.map((stay) => sql`${stay.id}`),
                sql`, `,
              )}) and not annulee) n
        group by reservation_id`,
  );
  const found = new Map(rows.map((row) => [row.reservation_id, row]));
  for (const stay of stays) {
    const row = found.get(stay.id);
    byStay.set(stay.id, {
      nuitees: row?.nuitees ?? [],
      nuits_dues_paf: stay.status_paf ? (row?.paf ?? NO_DUES) : null,
      nuits_dues_caf: stay.status_caf ? (row?.caf ?? NO_DUES) : null,
    });
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
  const nights = await nightsByStay(db, stays, window);
  return {
    reservations: stays.map((stay) => ({
      ...stay,
      ...(nights.get(stay.id) ?? { nuitees: [], nuits_dues_paf: null, nuits_dues_caf: null }),
    })),
    total,
    ...window,
  };
}
