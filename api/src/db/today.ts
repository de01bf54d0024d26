import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { oneOf } from './raw';

/**
 * "Today" of the business: the date in Europe/Paris, whatever the server's zone (docs/domain.md). Written as a
 * scalar subquery so the planner computes it once per statement (an InitPlan) rather than once per row.
 */
export const TODAY = sql`(select (now() at time zone 'Europe/Paris')::date)`;

/** The Paris day of a timestamptz column or expression (`created_at`, `annulee_at`), as a date. */
export const parisDayOf = (timestamp: SQL): SQL => sql`(${timestamp} at time zone 'Europe/Paris')::date`;

/** TODAY as 'YYYY-MM-DD', read from the database (its clock decides, as in every statement). */
export async function todayOf(db: Executor): Promise<string> {
  const row = await oneOf<{ today: string }>(db, sql`select ${TODAY}::text as today`);
  if (row === undefined) throw new Error('today: no row');
  return row.today;
}

/**
 * A day other than the database's own, for writes that describe a simulated calendar (the demo data's past, whose
 * invoices are issued and paid on their own days): the business day taken as today, and the instant stamped in the
 * audit trail and the `…_at` columns. Requests never pass one: their day is the database's.
 */
export interface AsOf {
  today: string;
  at: SQL;
}

/** The AsOf of `day` ('YYYY-MM-DD') at `time` in Paris. */
export const asOf = (day: string, time = '10:00'): AsOf => ({
  today: day,
  at: sql`((${day}::date + ${time}::time) at time zone 'Europe/Paris')`,
});
