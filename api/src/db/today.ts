import { sql } from 'drizzle-orm';

/**
 * "Today" of the business: the date in Europe/Paris, whatever the server's zone (docs/domain.md). Written as a
 * scalar subquery so the planner computes it once per statement (an InitPlan) rather than once per row.
 */
export const TODAY = sql`(select (now() at time zone 'Europe/Paris')::date)`;
