/**
 * Issue 12 §4: two API nodes on one PostgreSQL share the live feed (@socket.io/postgres-adapter). A notification
 * produced on node A reaches a user connected to node B; when B dies, its users reconnect (through a round-robin
 * entry point, as behind a reverse proxy) to A and, resyncing from their last id, miss nothing.
 */
import { createServer, connect as tcpConnect, type Server as TcpServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  REALTIME_EVENTS,
  type ChangementEvent,
  type NotificationEvent,
  type NotificationsPage,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestDatabase, FAST_SCRYPT, userToken, type TestDatabase } from '../../../test/helper';
import { connect, listenLocal, nextEvent, socketFor } from '../../../test/socket-client';
import { buildApp } from '../../app';
import { recordAudit } from '../../db/audit';
import { rowsOf } from '../../db/raw';
import { SUIVI_COALESCE_MS } from '../../modules/notifications/producers';

let database: TestDatabase;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let urlA: string;
let urlB: string;

const jwtSecret = 'secret-partage-par-les-noeuds-0123456789';

beforeAll(async () => {
  database = await createTestDatabase();
  const options = { database: database.options, passwordHashing: FAST_SCRYPT, jwtSecret };
  nodeA = await buildApp(options);
  nodeB = await buildApp(options);
  urlA = await listenLocal(nodeA);
  urlB = await listenLocal(nodeB);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await database?.drop();
});

/** A proxy-less round robin in front of the nodes: each new TCP connection goes to the next live one. */
function roundRobin(targets: () => string[]): Promise<{ url: string; server: TcpServer; picks: string[] }> {
  const picks: string[] = [];
  let next = 0;
  const server = createServer((client) => {
    const live = targets();
    const target = new URL(live[next++ % live.length]!);
    picks.push(target.port);
    const upstream = tcpConnect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, server, picks });
    });
  });
}

describe('two API nodes on one PostgreSQL', () => {
  it('any node answers any request (stateless JWT)', async () => {
    const { token } = await userToken(nodeA, 'agent');
    const onB = await fetch(`${urlB}/api/notifications`, { headers: bearer(token) });
    expect(onB.status).toBe(200);
  });

  it('a notification produced on node A reaches a user connected to node B, and only them', async () => {
    const target = await userToken(nodeA, 'agent');
    const other = await userToken(nodeA, 'agent');
    const onB = await connect(socketFor(urlB, target.token));
    const otherOnB = await connect(socketFor(urlB, other.token));
    const otherGot: NotificationEvent[] = [];
    otherOnB.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => otherGot.push(event));
    const received = nextEvent<NotificationEvent>(onB, REALTIME_EVENTS.notification);
    const sent = await nodeA.notifications.notify({ to: { userIds: [target.user.id] }, message: 'Depuis A' });
    expect(await received).toMatchObject({ id: sent.notifications[0]!.id, message: 'Depuis A' });
    // A role broadcast from B reaches the agent on A as well.
    const onA = await connect(socketFor(urlA, target.token));
    const roleOnA = nextEvent<NotificationEvent>(onA, REALTIME_EVENTS.notification);
    const roleOnB = nextEvent<NotificationEvent>(otherOnB, REALTIME_EVENTS.notification);
    await nodeB.notifications.notify({ to: { roles: ['agent'] }, message: 'Depuis B aux agents' });
    expect((await roleOnA).message).toBe('Depuis B aux agents');
    await roleOnB;
    // The other agent got the broadcast, never the notification meant for the first one.
    expect(otherGot.map((n) => n.message)).toEqual(['Depuis B aux agents']);
    for (const socket of [onB, otherOnB, onA]) socket.disconnect();
  });

  it('a burst written on node A as one group reaches the users on node B, each their own, in order', async () => {
    const a = await userToken(nodeA, 'agent');
    const b = await userToken(nodeA, 'agent');
    const sockets = [await connect(socketFor(urlB, a.token)), await connect(socketFor(urlB, b.token))];
    const got: NotificationEvent[][] = [[], []];
    sockets.forEach((socket, k) =>
      socket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => got[k]!.push(event)),
    );
    const N = 40;
    const users = [a.user.id, b.user.id];
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        nodeA.notifications.notify({ to: { userIds: [users[i % 2]!] }, message: `Rafale A ${i}` }),
      ),
    );
    const deadline = Date.now() + 5_000;
    while (got[0]!.length + got[1]!.length < N && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const k of [0, 1]) {
      const mine = results.filter((_, i) => i % 2 === k).map((result) => result.notifications[0]!.id);
      expect(got[k]!.map((event) => event.id)).toEqual(mine);
      expect(got[k]!.map((event) => event.message)).toEqual(
        Array.from({ length: N / 2 }, (_, j) => `Rafale A ${2 * j + k}`),
      );
    }
    for (const socket of sockets) socket.disconnect();
  });

  it('groups written one after the other on node A reach a user on node B in the order they were written', async () => {
    const { user, token } = await userToken(nodeA, 'agent');
    const socket = await connect(socketFor(urlB, token));
    const got: number[] = [];
    socket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => got.push(event.id));
    const sent: number[] = [];
    // One group each (each call waits for the former's commit), then a group too large for one NOTIFY (its long
    // messages), then one more: every message of node A's leaves in order and none is overtaken.
    for (let i = 0; i < 30; i += 1)
      sent.push(
        (await nodeA.notifications.notify({ to: { userIds: [user.id] }, message: `Suite A ${i}` }))
          .notifications[0]!.id,
      );
    const [large, after] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          nodeA.notifications.notify({
            to: { userIds: [user.id] },
            message: `Longue ${i} ${'é'.repeat(900)}`,
          }),
        ),
      ),
      new Promise((r) => setImmediate(r)).then(() =>
        nodeA.notifications.notify({ to: { userIds: [user.id] }, message: 'Après la longue' }),
      ),
    ]);
    sent.push(...large.map((result) => result.notifications[0]!.id), after.notifications[0]!.id);
    const deadline = Date.now() + 10_000;
    while (got.length < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(sent);
    socket.disconnect();
  });

  it("a user following a request from tabs on both nodes is told once of a colleague's change", async () => {
    const follower = await userToken(nodeA, 'agent');
    const author = await userToken(nodeA, 'agent');
    const id = 900_000 + Math.floor(Math.random() * 1_000);
    const tabs = [
      await connect(socketFor(urlA, follower.token)),
      await connect(socketFor(urlB, follower.token)),
    ];
    for (const tab of tabs) tab.emit(REALTIME_EVENTS.suivre, { entite: 'demande', id });
    const told: NotificationEvent[] = [];
    tabs[0]!.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => told.push(event));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reloaded = tabs.map((tab) => nextEvent<ChangementEvent>(tab, REALTIME_EVENTS.changement));
    // An audited change by a colleague: both nodes hear it (NOTIFY changements) and each has a follower's tab.
    await recordAudit(nodeA.db, {
      entity: 'demande_hebergement',
      entityId: id,
      action: 'modification',
      actor: { kind: 'user', userId: author.user.id },
    });
    for (const tab of reloaded) expect(await tab).toEqual({ entite: 'demande', id, par: author.user.id });
    await new Promise((resolve) => setTimeout(resolve, SUIVI_COALESCE_MS + 1_000));
    const rows = await rowsOf<{ n: number }>(
      nodeA.db,
      sql`select count(*)::int as n from notifications where user_id = ${follower.user.id}
          and lien = ${`/dashboard/demande-hebergement/${id}`}`,
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(told.map((event) => event.title)).toEqual(['Demande modifiée']);
    for (const tab of tabs) tab.disconnect();
  });

  it('killing node B: its users reconnect to A through the round robin and miss nothing', async () => {
    let bAlive = true;
    const entry = await roundRobin(() => (bAlive ? [urlB, urlA] : [urlA]));
    try {
      const { user, token } = await userToken(nodeA, 'agent');
      const socket = socketFor(entry.url, token, { reconnection: true });
      const received = new Set<number>();
      let lastId = 0;
      const take = (id: number) => {
        received.add(id);
        lastId = Math.max(lastId, id);
      };
      socket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => take(event.id));
      let connections = 0;
      socket.on('connect', () => {
        connections += 1;
        if (connections === 1) return;
        const since = lastId;
        void fetch(`${entry.url}/api/notifications?since=${since}&pageSize=100`, { headers: bearer(token) })
          .then((response) => response.json() as Promise<NotificationsPage>)
          .then((page) => page.data.forEach((item) => take(item.id)));
      });
      await connect(socket);
      // The first connection went to B.
      expect(entry.picks[0]).toBe(new URL(urlB).port);

      const sent: number[] = [];
      const produce = async (node: FastifyInstance, count: number) => {
        for (let i = 0; i < count; i += 1)
          sent.push(
            (
              await node.notifications.notify({
                to: { userIds: [user.id] },
                message: `Suite ${sent.length + 1}`,
              })
            ).notifications[0]!.id,
          );
      };
      await produce(nodeA, 20);
      bAlive = false;
      await nodeB.close();
      await produce(nodeA, 20);

      const deadline = Date.now() + 15_000;
      while (received.size < sent.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      socket.disconnect();
      expect(connections).toBeGreaterThanOrEqual(2);
      expect(entry.picks.at(-1)).toBe(new URL(urlA).port);
      expect([...received].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));
    } finally {
      entry.server.close();
    }
  });
});
