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
