import { sql, type SQL } from 'drizzle-orm';

/** Full-precision ISO 8601 (UTC) of a timestamptz, so a keyset on it never skips or repeats rows. */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
