/**
 * The database's types that the connections share (client.ts, dedicated-connection.ts, notification-connection.ts),
 * in a file of their own so that those files do not import one another to name them. Callers import them from
 * client.ts.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The typed Drizzle database (node-postgres driver). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction, or the database itself, for helpers that must join the caller's transaction. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** A channel being listened to (client.ts `listen`). */
export interface Listener {
  sync(): Promise<void>;
  stop(): Promise<void>;
}
