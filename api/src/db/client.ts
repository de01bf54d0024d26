import { join } from 'node:path';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { API_DIR } from '../api-dir';
import type { BackoffPolicy } from './backoff';
import { acquireDataDirLock } from './data-dir-lock';
import { CONSOLE_LOG, type DatabaseLog } from './database-log';
import type { Database, Listener } from './database-types';
import { openDedicatedConnection, type DedicatedConnection } from './dedicated-connection';
import { startEmbeddedPostgres } from './embedded-postgres';
import { makePrivateDir } from './private-dir';
import { notificationConnection, type ListenHandlers } from './notification-connection';
import { guardCheckouts } from './pool-checkouts';
import { coalescedRoundTrips } from './round-trips';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = join(API_DIR, 'drizzle');

/** Arbitrary constant: serialises migrations when several API nodes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_242_003;

export type { DedicatedConnection } from './dedicated-connection';
export type { Database, Executor, Listener } from './database-types';

interface CommonOptions {
  maxConnections?: number;
  /**
   * Delays between the attempts to get the database back after it went away: the listening connection reopened and,
   * embedded, the server restarted. DEFAULT_BACKOFF (backoff.ts) by default.
   */
  backoff?: BackoffPolicy;
}

export type DatabaseOptions =
  | ({ kind: 'postgres'; url: string } & CommonOptions)
  /** A real PostgreSQL server started by this process, restarted if it dies, its cluster in `<dataDir>/postgres`. */
  | ({ kind: 'embedded'; dataDir: string } & CommonOptions);

export interface DatabaseHandle {
  db: Database;
  /** Human-readable description for start-up logs, e.g. "PostgreSQL intégré (/srv/ebas3/.data/postgres)". */
  label: string;
  /** DATA_DIR of the embedded server; undefined on an external PostgreSQL (DATABASE_URL). */
  dataDir: string | undefined;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered after the notifying transaction commits); `onLost`
   * if the listening connection drops, then `onRestored` with a new listener once it listens again on a new one.
   * `sync()` returns once every notification committed before it was called has been delivered (a round trip on the
   * listening connection). Every channel shares one connection (notification-connection.ts), so a sync covers them
   * all. Used by the answer caches (`stats`), the token check (`users`) and the live feed (`changements`, whose
   * payload is JSON).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * Whether the database answers a `select 1` within `timeoutMs` (GET /api/health). Callers arriving together share
   * one round trip, so a probe hammering the route while the server hangs holds at most two connections.
   */
  reachable(timeoutMs: number): Promise<boolean>;
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

/** Whether `work` succeeds within `timeoutMs` (its late failure is absorbed: no unhandled rejection). */
async function within(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPostgres(
  url: string,
  { maxConnections = 10, backoff }: CommonOptions,
  log: DatabaseLog,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would kill the process.
  pool.on('error', () => undefined);
  // Neither does a checked-out client's (a transaction's), nor does one stay out of the pool once its connection ends.
  guardCheckouts(pool);
  const ping = coalescedRoundTrips(async () => void (await pool.query('select 1')));
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
    const notifications = notificationConnection(url, { log, backoff });
    return {
      db,
      label: 'PostgreSQL',
      dataDir: undefined,
      listen: (channel, handlers) => notifications.listen(channel, handlers),
      reachable: (timeoutMs) => within(ping(), timeoutMs),
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

async function openEmbedded(
  dataDir: string,
  options: CommonOptions,
  log: DatabaseLog,
): Promise<DatabaseHandle> {
  makePrivateDir(dataDir);
  // The lock comes first: a second API on the same directory must not stop the first one's server as an orphan.
  const lock = acquireDataDirLock(dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    server = await startEmbeddedPostgres(dataDir, {}, { log, restart: options.backoff });
    const handle = await openPostgres(server.url, options, log);
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

/**
 * Opens the database (starting the embedded server if asked) and applies pending migrations. `log` tells the
 * losses of the database and the attempts to get it back (app.log in the API; stderr by default).
 */
export function openDatabase(
  options: DatabaseOptions,
  log: DatabaseLog = CONSOLE_LOG,
): Promise<DatabaseHandle> {
  switch (options.kind) {
    case 'embedded':
      return openEmbedded(options.dataDir, options, log);
    case 'postgres':
      return openPostgres(options.url, options, log);
  }
}
