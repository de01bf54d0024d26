import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { type DatabaseHandle, type Listener, openDatabase } from './client';
import type { DatabaseLog } from './database-log';
import { rowsOf } from './raw';

/** The messages the database layer logged, in order. */
const logged: string[] = [];
const log: DatabaseLog = {
  info: (_details, message) => void logged.push(message),
  warn: (_details, message) => void logged.push(message),
  error: (_details, message) => void logged.push(message),
};

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition jamais remplie');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The process's one listening connection, on a real PostgreSQL. */
describe('the listening connection shared by every channel', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ ...database.options, backoff: { firstMs: 50, maxMs: 400 } }, log);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const notify = (channel: string, payload: string) =>
    handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  /** The backends listening on a channel of this test's database, by pid. */
  const listeningBackends = async (): Promise<number[]> =>
    (
      await rowsOf<{ pid: number }>(
        handle.db,
        sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
              and (query ilike 'listen %' or query ilike 'unlisten %' or query = 'select 1')`,
      )
    ).map((item) => item.pid);

  it('one backend listens for all channels; a sync on any listener delivers what every channel was sent before it', async () => {
    const received: string[] = [];
    const listeners = await Promise.all(
      ['canal_a', 'canal_b', 'canal_c'].map((channel) =>
        handle.listen(channel, {
          onNotify: (payload) => received.push(`${channel}:${payload}`),
          onLost: () => undefined,
        }),
      ),
    );
    try {
      await listeners[0]!.sync();
      expect(await listeningBackends()).toHaveLength(1);
      await notify('canal_b', '1');
      await notify('canal_c', '2');
      await notify('canal_autre', 'jamais');
      // The sync of canal_a's listener: one round trip on the shared connection delivers canal_b's and canal_c's.
      await listeners[0]!.sync();
      expect(received).toEqual(['canal_b:1', 'canal_c:2']);
    } finally {
      for (const listener of listeners) await listener.stop();
    }
  });

  it("a listener stopped no longer hears its channel; the channel's other listeners still do", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = await handle.listen('canal_partage', { onNotify: first, onLost: () => undefined });
    const b = await handle.listen('canal_partage', { onNotify: second, onLost: () => undefined });
    await a.stop();
    await notify('canal_partage', 'x');
    await b.sync();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('x');
    await b.stop();
    const again = await handle.listen('canal_autre_encore', {
      onNotify: () => undefined,
      onLost: () => undefined,
    });
    await notify('canal_partage', 'y');
    await again.sync();
    expect(second).toHaveBeenCalledTimes(1);
    await again.stop();
  });

  it('tells every listener once when the connection drops; a later listen opens a new one', async () => {
    const lost = [vi.fn(), vi.fn()];
    const listeners = [
      await handle.listen('canal_perdu_1', { onNotify: () => undefined, onLost: lost[0]! }),
      await handle.listen('canal_perdu_2', { onNotify: () => undefined, onLost: lost[1]! }),
    ];
    await listeners[0]!.sync();
    const [pid] = await listeningBackends();
    await handle.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    await until(() => lost.every((onLost) => onLost.mock.calls.length > 0));
    expect(lost.map((onLost) => onLost.mock.calls.length)).toEqual([1, 1]);

    const received: string[] = [];
    const fresh = await handle.listen('canal_perdu_1', {
      onNotify: (payload) => received.push(payload),
      onLost: () => undefined,
    });
    await notify('canal_perdu_1', 'après');
    await fresh.sync();
    expect(received).toEqual(['après']);
    await fresh.stop();
    for (const listener of listeners) await listener.stop();
  });

  it('listens again by itself after the connection dropped, each attempt logged: onRestored hands a listener that hears the channel', async () => {
    const received: string[] = [];
    const lost = vi.fn();
    const restored = vi.fn<(listener: Listener) => void>();
    const first = await handle.listen('canal_repris', {
      onNotify: (payload) => received.push(payload),
      onLost: lost,
      onRestored: restored,
    });
    await first.sync();
    const [pid] = await listeningBackends();
    logged.length = 0;
    await handle.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    await until(() => restored.mock.calls.length > 0);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(restored).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([
      'écoute des notifications perdue : tentative de reconnexion n° 1 dans 50 ms',
      'écoute des notifications rétablie (tentative n° 1)',
    ]);
    // Not through the terminated backend: NOTIFY reaches the new one.
    const again = restored.mock.calls[0]![0];
    expect(await listeningBackends()).not.toContain(pid);
    await notify('canal_repris', 'après la reprise');
    await again.sync();
    expect(received).toEqual(['après la reprise']);
    await expect(first.sync()).rejects.toThrow();
    await again.stop();
  });

  it('sync() from many requests at once sends one query at a time, and still sees every committed NOTIFY', async () => {
    // Counts the queries outstanding per client, as node-postgres would (its « already executing » warning).
    const outstanding = new WeakMap<object, number>();
    let maxOutstanding = 0;
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    function counted(this: pg.Client, ...args: unknown[]): unknown {
      const now = (outstanding.get(this) ?? 0) + 1;
      outstanding.set(this, now);
      maxOutstanding = Math.max(maxOutstanding, now);
      const done = () => void outstanding.set(this, (outstanding.get(this) ?? 1) - 1);
      const result = original.apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    }
    prototype.query = counted;
    try {
      const received: string[] = [];
      const listener = await handle.listen('essai_sync', {
        onNotify: (payload) => received.push(payload),
        onLost: () => undefined,
      });
      try {
        maxOutstanding = 0;
        for (let round = 0; round < 5; round += 1) {
          await handle.db.execute(sql`select pg_notify('essai_sync', ${String(round)})`);
          await Promise.all(Array.from({ length: 12 }, () => listener.sync()));
          // Read-your-writes: the notification committed before the syncs was delivered before they returned.
          expect(received).toContain(String(round));
        }
        expect(maxOutstanding).toBe(1);
      } finally {
        await listener.stop();
      }
    } finally {
      prototype.query = original;
    }
  });
});
