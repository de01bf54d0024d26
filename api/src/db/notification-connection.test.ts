import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { type DatabaseHandle, openDatabase } from './client';
import { rowsOf } from './raw';

/** The process's one listening connection, on a real PostgreSQL. */
describe('the listening connection shared by every channel', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase(database.options);
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
        handle.listen(
          channel,
          (payload) => received.push(`${channel}:${payload}`),
          () => undefined,
        ),
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
    const a = await handle.listen('canal_partage', first, () => undefined);
    const b = await handle.listen('canal_partage', second, () => undefined);
    await a.stop();
    await notify('canal_partage', 'x');
    await b.sync();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('x');
    await b.stop();
    const again = await handle.listen(
      'canal_autre_encore',
      () => undefined,
      () => undefined,
    );
    await notify('canal_partage', 'y');
    await again.sync();
    expect(second).toHaveBeenCalledTimes(1);
    await again.stop();
  });

  it('tells every listener once when the connection drops; a later listen opens a new one', async () => {
    const lost = [vi.fn(), vi.fn()];
    const listeners = [
      await handle.listen('canal_perdu_1', () => undefined, lost[0]!),
      await handle.listen('canal_perdu_2', () => undefined, lost[1]!),
    ];
    await listeners[0]!.sync();
    const [pid] = await listeningBackends();
    await handle.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    const deadline = Date.now() + 10_000;
    while (lost.some((onLost) => onLost.mock.calls.length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lost.map((onLost) => onLost.mock.calls.length)).toEqual([1, 1]);

    const received: string[] = [];
    const fresh = await handle.listen(
      'canal_perdu_1',
      (payload) => received.push(payload),
      () => undefined,
    );
    await notify('canal_perdu_1', 'après');
    await fresh.sync();
    expect(received).toEqual(['après']);
    await fresh.stop();
    for (const listener of listeners) await listener.stop();
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
      const listener = await handle.listen(
        'essai_sync',
        (payload) => received.push(payload),
        () => undefined,
      );
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
