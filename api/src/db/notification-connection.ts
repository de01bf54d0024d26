/**
 * The process's one listening connection (docs/database.md « PostgreSQL »): every `listen` of the API — the answer
 * caches' `stats`, the user check's `users`, the live feed's `changements` — shares it, so that one `sync()` (a
 * `select 1` on it) covers every channel. An authenticated request syncs once for its token check, and a page kept in
 * memory needs no second round trip (docs/performance.md « One listening connection »). Each listening backend is
 * also woken by every NOTIFY of the database (PostgreSQL signals all the listeners of a database): one per process
 * instead of three.
 *
 * Its queries run one at a time (node-postgres warns on overlapping ones, pg@9 refuses them). When the connection
 * drops, every listener's `onLost` is called once; a later `listen` opens a new connection. It ends with `close()`.
 */
import pg from 'pg';
import type { Listener } from './client';
import { coalescedRoundTrips } from './round-trips';

interface Subscription {
  onNotify: (payload: string) => void;
  onLost: () => void;
}

interface Connection {
  client: pg.Client;
  channels: Map<string, Set<Subscription>>;
  query: (text: string) => Promise<unknown>;
  sync: () => Promise<void>;
  lost: boolean;
}

export interface NotificationConnection {
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<Listener>;
  close(): Promise<void>;
}

export function notificationConnection(url: string): NotificationConnection {
  let current: Promise<Connection> | undefined;

  const open = async (): Promise<Connection> => {
    const client = new pg.Client({ connectionString: url });
    let queue: Promise<unknown> = Promise.resolve();
    const connection: Connection = {
      client,
      channels: new Map(),
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
      for (const subscription of connection.channels.get(message.channel) ?? [])
        subscription.onNotify(message.payload ?? '');
    });
    const onLost = () => {
      if (connection.lost) return;
      connection.lost = true;
      current = undefined;
      for (const subscriptions of connection.channels.values())
        for (const subscription of subscriptions) subscription.onLost();
      connection.channels.clear();
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
      opening.catch(() => {
        if (current === opening) current = undefined;
      });
    }
    return current;
  };

  const endConnection = async (ended: Connection) => {
    ended.lost = true;
    ended.client.removeAllListeners('end');
    ended.client.removeAllListeners('error');
    ended.client.on('error', () => undefined);
    await ended.client.end().catch(() => undefined);
  };

  return {
    async listen(channel, onNotify, onLost) {
      const opened = await connection();
      const subscription: Subscription = { onNotify, onLost };
      let subscriptions = opened.channels.get(channel);
      if (subscriptions === undefined) {
        subscriptions = new Set();
        opened.channels.set(channel, subscriptions);
        subscriptions.add(subscription);
        try {
          await opened.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          subscriptions.delete(subscription);
          if (subscriptions.size === 0 && opened.channels.get(channel) === subscriptions)
            opened.channels.delete(channel);
          throw error;
        }
      } else subscriptions.add(subscription);
      let stopped = false;
      return {
        sync: () => opened.sync(),
        stop: async () => {
          if (stopped) return;
          stopped = true;
          const held = opened.channels.get(channel);
          if (held === undefined || !held.delete(subscription) || held.size > 0 || opened.lost) return;
          opened.channels.delete(channel);
          // The connection itself stays until close(): nothing to race with a listen arriving meanwhile.
          await opened.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        },
      };
    },
    async close() {
      const opening = current;
      current = undefined;
      const opened = await opening?.catch(() => undefined);
      if (opened !== undefined) await endConnection(opened);
    },
  };
}
