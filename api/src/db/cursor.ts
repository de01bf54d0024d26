/**
 * One statement read in batches through a server-side cursor (DECLARE … FETCH), for the exports whose rows are
 * aggregates: PostgreSQL computes the whole ordered result once, where keyset batches would each aggregate and
 * sort the set again. The cursor lives in a transaction (a savepoint when `db` is one already) that holds one pool
 * connection until the last batch is taken (the export caps, plugins/export-slots.ts, bound how many do at once).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import { rowsOf } from './raw';

/**
 * Calls `each` with the rows of `query`, `size` at a time, in its order; stops early when `each` answers false
 * (client gone). Resolves once the cursor is closed and the transaction ended.
 */
export async function readInBatches<T>(
  db: Executor,
  query: SQL,
  size: number,
  each: (rows: T[]) => Promise<boolean>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare export_rows no scroll cursor for ${query}`);
    const fetch = sql.raw(`fetch forward ${Math.trunc(size)} from export_rows`);
    for (;;) {
      const rows = await rowsOf<T>(tx, fetch);
      if (rows.length > 0 && !(await each(rows))) break;
      if (rows.length < size) break;
    }
    await tx.execute(sql`close export_rows`);
  });
}
