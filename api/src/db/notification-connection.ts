/**
 * The process's one listening connection (docs/database.md « PostgreSQL »): every `listen` of the API — the answer
 * caches' `stats`, the user check's `users`, the live feed's `changements` — shares it, so that one `sync()` (a
 * `select 1` on it) covers every channel. An authenticated request syncs once for its token check, and a page kept in
 * memory needs no second round trip (docs/performance.md « One listening connection »). Each listening backend is
 * also woken by every NOTIFY of the database (PostgreSQL signals all the listeners of a database): one per process
 * instead of three.
 *
 * Its queries run one at a time (node-postgres warns on overlapping ones, pg@9 refuses them). When the connection
 * drops (the server restarted, a backend terminated), every listener's `onLost` is called once — what they kept may
 * miss notifications from then on — and a new connection is tried after a growing delay (backoff.ts), each attempt
 * logged, until it LISTENs to every channel again; then each listener gets `onRestored` with a listener on it
 * (docs/database.md « When PostgreSQL dies »). It ends with `close()`.
 */
import pg from 'pg';
import { backoff, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import type { Listener } from './database-types';
import type { DatabaseLog } from './database-log';
import { coalescedRoundTrips } from './round-trips';

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** The connection dropped: notifications may be missed until `onRestored`. */
  onLost(): void;
  /** Listening again, on a new connection: `listener` replaces the one held (whose `sync` now fails). */
  onRestored?(listener: Listener): void;
}

interface Connection {
  client: pg.Client;
  /** The channels this connection LISTENs to. */
  listened: Set<string>;
  query: (text: string) => Promise<unknown>;
  sync: () => Promise<void>;
  lost: boolean;
}

interface Subscription {
  channel: string;
  handlers: ListenHandlers;
  /** The connection its current listener is on; undefined from `onLost` until `onRestored`. */
  on: Connection | undefined;
}

export interface NotificationConnection {
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
}

export interface NotificationConnectionOptions {
  log?: DatabaseLog | undefined;
  /** Delays between the attempts to listen again; DEFAULT_BACKOFF by default. */
  backoff?: BackoffPolicy | undefined;
}

export function notificationConnection(
  url: string,
  options: NotificationConnectionOptions = {},
): NotificationConnection {
  const subscriptions = new Map<string, Set<Subscription>>();
  const delays = backoff(options.backoff ?? DEFAULT_BACKOFF);
  let current: Promise<Connection> | undefined;
  /** What `current` resolved to. */
  let live: Connection | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const cancelRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const everySubscription = () => [...subscriptions.values()].flatMap((set) => [...set]);

  const open = async (): Promise<Connection> => {
    const client = new pg.Client({ connectionString: url });
    let queue: Promise<unknown> = Promise.resolve();
    const connection: Connection = {
      client,
      listened: new Set(),
      query: (text) => {
        const result = queue.then(() => client.query(text));
        queue = result.catch(() => undefined);
        return result;
      },
      // The server sends the notifications pending for this session before the answer of any command on it.
      sync: coalescedRoundTrips(async () => void (await connection.query('select 1'))),
      lost: false,
    };
    client.on('notification', (message) => {
      for (const subscription of subscriptions.get(message.channel) ?? [])
        subscription.handlers.onNotify(message.payload ?? '');
    });
    const onLost = () => {
      if (connection.lost) return;
      connection.lost = true;
      if (closed) return;
      if (live === connection) {
        live = undefined;
        current = undefined;
      }
      for (const subscription of everySubscription()) {
        if (subscription.on !== connection) continue;
        subscription.on = undefined;
        subscription.handlers.onLost();
      }
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    await client.connect();
    return connection;
  };

  const connection = (): Promise<Connection> => {
    if (current === undefined) {
      const opening = open();
      current = opening;
      opening.then(
        (opened) => {
          if (current !== opening) return;
          if (opened.lost) current = undefined;
          else live = opened;
        },
        () => {
          if (current === opening) current = undefined;
        },
      );
    }
    return current;
  };

  const ensureListening = async (opened: Connection, channel: string) => {
    if (opened.listened.has(channel)) return;
    await opened.query(`listen ${pg.escapeIdentifier(channel)}`);
    opened.listened.add(channel);
  };

  const listenerOn = (subscription: Subscription, opened: Connection): Listener => {
    subscription.on = opened;
    return {
      sync: () => opened.sync(),
      stop: async () => {
        const held = subscriptions.get(subscription.channel);
        if (held === undefined || !held.delete(subscription)) return;
        if (held.size > 0) return;
        subscriptions.delete(subscription.channel);
        if (subscriptions.size === 0) {
          cancelRetry();
          delays.reset();
        }
        const now = await current?.catch(() => undefined);
        if (now === undefined || now.lost || !now.listened.has(subscription.channel)) return;
        now.listened.delete(subscription.channel);
        // The connection itself stays until close(): nothing to race with a listen arriving meanwhile.
        await now.query(`unlisten ${pg.escapeIdentifier(subscription.channel)}`).catch(() => undefined);
      },
    };
  };

  /** Opens a connection, LISTENs to every channel still wanted, and gives the lost subscriptions their listener. */
  const relisten = async (attempt: number) => {
    const opened = await connection();
    for (const channel of subscriptions.keys()) await ensureListening(opened, channel);
    if (opened.lost) throw new Error('connexion LISTEN perdue pendant la reprise');
    delays.reset();
    options.log?.info({ attempt }, `écoute des notifications rétablie (tentative n° ${attempt})`);
    for (const subscription of everySubscription())
      if (subscription.on === undefined) subscription.handlers.onRestored?.(listenerOn(subscription, opened));
  };

  function scheduleRetry(): void {
    if (closed || retryTimer !== undefined || subscriptions.size === 0) return;
    const { delayMs, attempt } = delays.next();
    options.log?.warn(
      { attempt, delayMs },
      `écoute des notifications perdue : tentative de reconnexion n° ${attempt} dans ${delayMs} ms`,
    );
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      relisten(attempt).catch((error: unknown) => {
        options.log?.warn(
          { err: error, attempt },
          `écoute des notifications : la tentative n° ${attempt} a échoué`,
        );
        // A connection that failed after opening has scheduled the next attempt itself (its onLost).
        scheduleRetry();
      });
    }, delayMs);
    retryTimer.unref();
  }

  const endConnection = async (ended: Connection) => {
    ended.lost = true;
    ended.client.removeAllListeners('end');
    ended.client.removeAllListeners('error');
    ended.client.on('error', () => undefined);
    await ended.client.end().catch(() => undefined);
  };

  return {
    async listen(channel, handlers) {
      const opened = await connection();
      await ensureListening(opened, channel);
      // Lost while it said LISTEN: the caller gets the failure, as when the connection cannot be opened.
      if (opened.lost) throw new Error('connexion LISTEN perdue');
      const subscription: Subscription = { channel, handlers, on: undefined };
      let held = subscriptions.get(channel);
      if (held === undefined) subscriptions.set(channel, (held = new Set()));
      held.add(subscription);
      return listenerOn(subscription, opened);
    },
    async close() {
      closed = true;
      cancelRetry();
      subscriptions.clear();
      const opening = current;
      current = undefined;
      live = undefined;
      const opened = await opening?.catch(() => undefined);
      if (opened !== undefined) await endConnection(opened);
    },
  };
}
