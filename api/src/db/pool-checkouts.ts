/**
 * What a pg-pool needs to outlive its server (docs/database.md « When PostgreSQL dies »). pg-pool looks after its idle
 * clients only; a client checked out (`pool.connect()`: a Drizzle transaction, the migration lock, the socket.io
 * adapter's LISTEN connection) is left on its own when the server goes:
 *
 * - its 'error' event (57P01 « terminating connection due to unexpected postmaster exit ») has no listener, and an
 *   unhandled 'error' event kills the process — the API crashed this way when its PostgreSQL was killed;
 * - a holder that never gives it back keeps its place in the pool for ever: Drizzle's `transaction` releases its
 *   client only once `begin` has succeeded (a `begin` on a dead connection leaked it), and the adapter forgets its
 *   ended LISTEN client. The pool was full after a few outages and every request waited.
 *
 * So every client gets an error listener, and a client checked out through `pool.connect()` whose connection ends is
 * given back as broken (pg-pool drops it) — its holder's own release afterwards does nothing. `pool.query` (which
 * checks out with a callback and releases itself) is left as it is.
 */
import type pg from 'pg';

export function guardCheckouts(pool: pg.Pool, onClientError: (error: Error) => void = () => undefined): void {
  pool.on('connect', (client) => client.on('error', onClientError));
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => {
    if (callback !== undefined) return connect(callback);
    return connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', ended);
        release(error);
      };
      const ended = () => releaseOnce(new Error('connexion à PostgreSQL terminée'));
      client.once('end', ended);
      client.release = releaseOnce;
      return client;
    });
  }) as pg.Pool['connect'];
}
