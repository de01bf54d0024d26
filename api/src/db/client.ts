import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { openDedicatedConnection, type DedicatedConnection } from './dedicated-connection';
import { startEmbeddedPostgres } from './embedded-postgres';
import { makePrivateDir } from './private-dir';
import { notificationConnection } from './notification-connection';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary constant: serialises migrations when several API nodes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_242_003;

export type { DedicatedConnection } from './dedicated-connection';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** A real PostgreSQL server started and stopped by this process, its cluster in `<dataDir>/postgres`. */
  | { kind: 'embedded'; dataDir: string; maxConnections?: number };

/** The typed Drizzle database (node-postgres driver). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction, or the database itself, for helpers that must join the caller's transaction. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  /** Human-readable description for start-up logs, e.g. "PostgreSQL intégré (/srv/ebas3/.data/postgres)". */
  label: string;
  /** DATA_DIR of the embedded server; undefined on an external PostgreSQL (DATABASE_URL). */
  dataDir: string | undefined;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered after the notifying transaction commits); `onLost`
   * if the listening connection drops. `sync()` returns once every notification committed before it was called
   * has been delivered (a round trip on the listening connection). Every channel shares one connection
   * (notification-connection.ts), so a sync covers them all. Used by the answer caches (`stats`), the token check
   * (`users`) and the live feed (`changements`, whose payload is JSON).
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<Listener>;
  /**
   * A connection of its own, outside the pool, for session state that must live as long as the process and die
   * with it (advisory locks: the export slots shared by the API nodes). Its queries run one at a time; `onLost` if
   * the connection drops (the server then releases the session's locks).
   */
  session(onLost: () => void): Promise<Session>;
  /**
   * A connection of its own for one long read (an export's batches), outside the pool, with its backend's process
   * id; the caller closes it, and its backend process ends with it (a priority lowered on it goes too).
   */
  connection(): Promise<DedicatedConnection>;
  /** The connection string (password included: never logged), for a process that opens its own connection (an
   * export's render process, export-render-worker.ts). */
  url: string;
  close(): Promise<void>;
}

export interface Session {
  query<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Listener {
  sync(): Promise<void>;
  stop(): Promise<void>;
}

async function openPostgres(url: string, maxConnections = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would kill the process.
  pool.on('error', () => undefined);
  try {
    const db = drizzleNodePostgres({ client: pool, schema });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    const sessions = new Set<pg.Client>();
    const notifications = notificationConnection(url);
    return {
      db,
      label: 'PostgreSQL',
      dataDir: undefined,
      listen: (channel, onNotify, onLost) => notifications.listen(channel, onNotify, onLost),
      async session(onLost) {
        const client = new pg.Client({ connectionString: url });
        client.on('error', onLost);
        client.on('end', onLost);
        await client.connect();
        sessions.add(client);
        // One query at a time on the connection (node-postgres refuses overlapping ones from pg@9).
        let queue: Promise<unknown> = Promise.resolve();
        return {
          query: <T extends Record<string, unknown>>(text: string, values?: unknown[]) => {
            const result = queue.then(async () => (await client.query<T>(text, values)).rows);
            queue = result.catch(() => undefined);
            return result;
          },
          close: async () => {
            sessions.delete(client);
            client.removeAllListeners('end');
            await client.end();
          },
        };
      },
      url,
      connection: () => openDedicatedConnection(url, schema),
      async close() {
        await notifications.close();
        for (const client of sessions) {
          client.removeAllListeners('end');
          await client.end().catch(() => undefined);
        }
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

async function openEmbedded(dataDir: string, maxConnections?: number): Promise<DatabaseHandle> {
  makePrivateDir(dataDir);
  // The lock comes first: a second API on the same directory must not stop the first one's server as an orphan.
  const lock = acquireDataDirLock(dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    server = await startEmbeddedPostgres(dataDir);
    const handle = await openPostgres(server.url, maxConnections);
    const started = server;
    return {
      ...handle,
      label: `PostgreSQL intégré (${started.pgDir})`,
      dataDir,
      async close() {
        try {
          await handle.close();
          await started.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** Opens the database (starting the embedded server if asked) and applies pending migrations. */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  switch (options.kind) {
    case 'embedded':
      return openEmbedded(options.dataDir, options.maxConnections);
    case 'postgres':
      return openPostgres(options.url, options.maxConnections);
  }
}
