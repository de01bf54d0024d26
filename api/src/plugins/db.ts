import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseOptions } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The typed Drizzle database. */
    db: Database;
    dbInfo: Pick<DatabaseHandle, 'label' | 'dataDir'>;
    /** LISTEN on a channel of the database (the statistics' answer cache). */
    dbListen: DatabaseHandle['listen'];
    /** A connection of its own for session state (the export slots' advisory locks). */
    dbSession: DatabaseHandle['session'];
    /** A connection of its own for one long read (the exports' low-priority reads, export-reader.ts). */
    dbConnection: DatabaseHandle['connection'];
    /** The connection string, for an export's render process that reads its own batches (export-render-pool.ts). */
    dbUrl: string;
    /** Whether the database answers within the delay (GET /api/health). */
    dbReachable: DatabaseHandle['reachable'];
  }
}

export interface DbPluginOptions {
  database: DatabaseOptions;
}

/**
 * Opens the database (and migrates it) at start-up; closes it, releasing the data-dir lock, on close. The losses of
 * the database and the attempts to get it back are logged with app.log.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const handle = await openDatabase(options.database, app.log);
    app.decorate('db', handle.db);
    app.decorate('dbInfo', { label: handle.label, dataDir: handle.dataDir });
    app.decorate('dbListen', handle.listen.bind(handle));
    app.decorate('dbSession', handle.session.bind(handle));
    app.decorate('dbConnection', handle.connection.bind(handle));
    app.decorate('dbUrl', handle.url);
    app.decorate('dbReachable', handle.reachable.bind(handle));
    app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
