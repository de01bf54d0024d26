/**
 * The grouped writes of `notify` (notification-writer.ts, docs/performance.md « Live feed »): a burst of calls is
 * written by one statement and still gives every call its own rows, every recipient only its own notifications, in
 * the order of the calls, each written before it is emitted; one call that cannot be written fails alone.
 */
import type { Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { REALTIME_EVENTS, type NotificationEvent } from 'shared/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { connect, listenLocal, socketFor } from '../../../test/socket-client';
import { auditLog, notifications, users } from '../../db/schema';
import { rooms } from '../../plugins/realtime/realtime';

let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await buildTestApp();
  url = await listenLocal(app);
});
afterAll(() => app.close());

/** Collects the 'notification' events of a socket whose message starts with `prefix`. */
function collect(socket: Socket, prefix: string): NotificationEvent[] {
  const events: NotificationEvent[] = [];
  socket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => {
    if (event.message.startsWith(prefix)) events.push(event);
  });
  return events;
}

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within the delay');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The server side of a client's socket — the TCP connection its websocket runs on — with every write counted. */
function countWrites(client: Socket): { n: number } {
  const connection = app.realtime.io.of('/').sockets.get(client.id!)!.request.socket as Writable & {
    _write: Writable['_write'];
    _writev: NonNullable<Writable['_writev']>;
  };
  const count = { n: 0 };
  const write = connection._write.bind(connection);
  const writev = connection._writev.bind(connection);
  connection._write = (...args) => void ((count.n += 1), write(...args));
  connection._writev = (...args) => void ((count.n += 1), writev(...args));
  return count;
}

describe('grouped notification writes', () => {
  it('a burst of N calls: N rows in one commit, N deliveries, in order, each user only their own', async () => {
    const a = await userToken(app, 'agent');
    const b = await userToken(app, 'agent');
    const socketA = await connect(socketFor(url, a.token));
    const socketB = await connect(socketFor(url, b.token));
    const liveA = collect(socketA, 'Rafale');
    const liveB = collect(socketB, 'Rafale');
    const N = 60;
    // Made in one turn of the event loop: they all join one group.
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        app.notifications.notify({
          to: { userIds: [i % 2 === 0 ? a.user.id : b.user.id] },
          message: `Rafale ${i}`,
        }),
      ),
    );
    results.forEach((result, i) => {
      expect(result.notifications).toHaveLength(1);
      expect(result.notifications[0]!.userId).toBe(i % 2 === 0 ? a.user.id : b.user.id);
    });
    const ids = results.map((result) => result.notifications[0]!.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);

    const rows = await app.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [a.user.id, b.user.id]));
    expect(rows).toHaveLength(N);
    // One statement, one transaction: one now() for the whole burst.
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(1);
    for (const row of rows) {
      const i = Number(row.message.split(' ')[1]);
      expect(row.userId).toBe(i % 2 === 0 ? a.user.id : b.user.id);
      expect(row.id).toBe(ids[i]);
    }

    await until(() => liveA.length === N / 2 && liveB.length === N / 2);
    expect(liveA.map((event) => event.message)).toEqual(
      Array.from({ length: N / 2 }, (_, k) => `Rafale ${2 * k}`),
    );
    expect(liveB.map((event) => event.message)).toEqual(
      Array.from({ length: N / 2 }, (_, k) => `Rafale ${2 * k + 1}`),
    );
    expect(liveA.map((event) => event.id)).toEqual(ids.filter((_, i) => i % 2 === 0));
    const row0 = rows.find((row) => row.id === ids[0])!;
    expect(liveA[0]).toEqual({
      id: ids[0],
      title: 'Nouvelle notification',
      message: 'Rafale 0',
      timestamp: row0.createdAt.toISOString(),
      lien: null,
    });
    // Every event was written before it was emitted.
    expect(rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    socketA.disconnect();
    socketB.disconnect();
  });

  it('a group reaches each socket of its user in at most two TCP writes, not one per notification', async () => {
    const a = await userToken(app, 'agent');
    const sockets = [await connect(socketFor(url, a.token)), await connect(socketFor(url, a.token))];
    const lives = sockets.map((socket) => collect(socket, 'Groupée'));
    const writes = sockets.map(countWrites);
    const N = 20;
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        app.notifications.notify({ to: { userIds: [a.user.id] }, message: `Groupée ${i}` }),
      ),
    );
    await until(() => lives.every((live) => live.length === N));
    for (const live of lives)
      expect(live.map((event) => event.message)).toEqual(Array.from({ length: N }, (_, i) => `Groupée ${i}`));
    for (const count of writes) expect(count.n).toBeLessThanOrEqual(2);
    for (const socket of sockets) socket.disconnect();
  });

  it('a lone notification is written to its socket within the emit, not held until the next tick', async () => {
    const a = await userToken(app, 'agent');
    const client = await connect(socketFor(url, a.token));
    const live = collect(client, 'Seule');
    const count = countWrites(client);
    // A broadcast emits to every socket in one loop: a frame corked until the next tick would wait for the last
    // socket's. The local emit of `emitToUsers` (which, with the adapter, runs once its NOTIFY has left: below).
    app.realtime.io.local
      .to(rooms.user(a.user.id))
      .emit(REALTIME_EVENTS.notification, { id: 1, message: 'Seule', title: 'T', lien: null });
    expect(count.n).toBe(1);
    await until(() => live.length === 1);
    expect(count.n).toBe(1);
    client.disconnect();
  });

  it('with the adapter, the other nodes’ NOTIFY leaves before this node writes to its own sockets', async () => {
    const a = await userToken(app, 'agent');
    const client = await connect(socketFor(url, a.token));
    const live = collect(client, 'Relayée');
    const count = countWrites(client);
    // Writes to this node's sockets already done when the adapter's pg_notify is handed to its connection.
    const writesAtNotify: number[] = [];
    const clientQuery = pg.Client.prototype.query;
    const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: Parameters<pg.Client['query']>
    ) {
      if (typeof args[0] === 'string' && args[0].includes('pg_notify')) writesAtNotify.push(count.n);
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    });
    try {
      app.realtime.emitToUsers('notification', [
        { userId: a.user.id, payload: { id: 2, message: 'Relayée', title: 'T', lien: null } },
      ]);
      await until(() => live.length === 1);
      expect(writesAtNotify).toEqual([0]);
    } finally {
      query.mockRestore();
    }
    client.disconnect();
  });

  it('the group statement is a named prepared statement: planned once per connection, not at every call', async () => {
    const a = await userToken(app, 'agent');
    const query = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      await app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Préparée 1' });
      await app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Préparée 2' });
      const names = query.mock.calls.map(([config]) =>
        typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined,
      );
      expect(names.filter((name) => name === 'ebas3_notify_group')).toHaveLength(2);
    } finally {
      query.mockRestore();
    }
  });

  it('grouped broadcasts: each resolves its own recipients (roles, except, inactive) and its own audit row', async () => {
    const admin = await userToken(app, 'admin');
    const active = await userToken(app, 'agent');
    const author = await userToken(app, 'agent');
    const gone = await userToken(app, 'agent');
    await app.db.update(users).set({ active: false }).where(eq(users.id, gone.user.id));
    const agents = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'agent'), eq(users.active, true)));

    const [toRole, toUser, toNobody] = await Promise.all([
      app.notifications.notify({
        to: { roles: ['agent'] },
        exceptUserId: author.user.id,
        title: 'Groupe',
        message: 'Aux agents sauf l’auteur',
      }),
      app.notifications.notify({
        to: { userIds: [active.user.id, admin.user.id], roles: ['admin'] },
        title: 'Groupe',
        message: 'À deux, chacun une fois',
        lien: '/dashboard',
        actor: { kind: 'user', userId: admin.user.id },
      }),
      app.notifications.notify({ to: { userIds: [gone.user.id] }, message: 'Au compte désactivé' }),
    ]);
    expect(toRole.notifications.map((n) => n.userId).sort((x, y) => x - y)).toEqual(
      agents
        .map((agent) => agent.id)
        .filter((id) => id !== author.user.id)
        .sort((x, y) => x - y),
    );
    const admins = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)));
    expect(toUser.notifications.map((n) => n.userId).sort((x, y) => x - y)).toEqual(
      [active.user.id, ...admins.map((row) => row.id)].sort((x, y) => x - y),
    );
    expect(toNobody.notifications).toEqual([]);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'diffusion'), eq(auditLog.entityId, String(toUser.notifications[0]!.id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'notification', actorKind: 'user', actorUserId: admin.user.id });
    expect(audit[0]!.after).toEqual({
      title: 'Groupe',
      message: 'À deux, chacun une fois',
      lien: '/dashboard',
      userIds: [active.user.id, admin.user.id],
      roles: ['admin'],
      destinataires: toUser.notifications.length,
    });
    // System producers leave no audit row.
    const systemAudit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(toRole.notifications[0]!.id)));
    expect(systemAudit.filter((row) => row.entity === 'notification')).toEqual([]);
  });

  it('one call that cannot be written fails alone; the others of its group are written', async () => {
    const a = await userToken(app, 'agent');
    const outcomes = await Promise.allSettled([
      app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Avant' }),
      // PostgreSQL refuses the NUL character in text: this call's statement fails.
      app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Nul \u0000 caractère' }),
      app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Après' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(rows.map((row) => row.message).sort()).toEqual(['Après', 'Avant']);
  });

  it('concurrent POST /notifications: each answered with its own count, all written and audited', async () => {
    const admin = await userToken(app, 'admin');
    const target = await userToken(app, 'agent');
    const socket = await connect(socketFor(url, target.token));
    const live = collect(socket, 'Concurrent');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: bearer(admin.token),
          payload: { userIds: [target.user.id], title: 'Concurrent', message: `Concurrent ${i}` },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual({ message: 'Notification envoyée.', recipients: 1 });
    }
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, target.user.id));
    expect(rows).toHaveLength(20);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'diffusion'),
          inArray(
            auditLog.entityId,
            rows.map((row) => String(row.id)),
          ),
        ),
      );
    expect(audit).toHaveLength(20);
    await until(() => live.length === 20);
    expect(new Set(live.map((event) => event.id))).toEqual(new Set(rows.map((row) => row.id)));
    socket.disconnect();
  });
});
