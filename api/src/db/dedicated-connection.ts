/**
 * A connection of its own, outside any pool, for one long read: an export's batches, read by the API
 * (client.ts `connection()`) or by the export's render process itself (export-render-worker.ts), which gets the
 * connection string and never the API's pool. The caller closes it; its backend process ends with it (a priority
 * lowered on that backend goes too).
 */
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database-types';
import type * as schema from './schema';

export interface DedicatedConnection {
  db: Database;
  backendPid: number;
  close(): Promise<void>;
}

/**
 * @param tables the schema for drizzle's query builder (the API's); left out, the connection runs raw statements
 *   only (`rowsOf`: the exports' batches) and the caller need not load the tables' definitions — about a second of
 *   CPU at a render worker's start.
 */
export async function openDedicatedConnection(
  url: string,
  tables?: typeof schema,
): Promise<DedicatedConnection> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection fails the read in progress; unhandled, the 'error' event would kill the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return {
      // Typed as the API's database: without `tables`, only its raw statements work (drizzle's `db.query` is empty).
      db: drizzleNodePostgres({ client, ...(tables === undefined ? {} : { schema: tables }) }),
      backendPid: rows[0]?.pid ?? 0,
      close: () => client.end(),
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}
