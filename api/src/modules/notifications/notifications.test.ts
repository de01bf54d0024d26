/**
 * Issue 12 §1: the notification REST calls (happy, 401, 403, 404, 400), the read rules, the producers (a request
 * arriving, a followed request changed by a colleague) and the resync after an API restart mid-stream.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REALTIME_EVENTS,
  type ChangementEvent,
  type DemandeCreateAnswer,
  type NotificationEvent,
  type NotificationsPage,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  createUser,
  FAST_SCRYPT,
  userToken,
} from '../../../test/helper';
import { buildWorld, call, day, residents, type World } from '../../../test/fixtures/reservations-write';
import { connect, listenLocal, nextEvent, socketFor } from '../../../test/socket-client';
import { buildApp } from '../../app';
import { auditLog, notifications } from '../../db/schema';
import { SUIVI_COALESCE_MS } from './producers';

let w: World;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  app = w.app;
  url = await listenLocal(app);
});
afterAll(() => app.close());

const list = async (token: string, query = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsPage>();
};

const broadcast = (token: string | null, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: token === null ? {} : bearer(token),
    payload,
  });

describe('REST /notifications', () => {
  it('answers 401 without a token, on every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications'],
      ['PUT', '/api/notifications/1/read'],
      ['POST', '/api/notifications/mark-all-read'],
    ] as const) {
      const response = await app.inject({ method, url: path });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('lets only administrators broadcast (403 for an agent)', async () => {
    const response = await broadcast(w.agent, { roles: ['agent'], message: 'Essai' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Vous n'êtes pas autorisé à accéder à cette ressource." });
  });

  it('rejects a broadcast without recipient, with unknown fields or an empty message (400, French)', async () => {
    const none = await broadcast(w.admin, { message: 'Personne' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Indiquez au moins un destinataire (userIds ou roles).' });
    expect((await broadcast(w.admin, { roles: ['agent'], message: 'x', couleur: 'rouge' })).statusCode).toBe(
      400,
    );
    expect((await broadcast(w.admin, { roles: ['agent'], message: '' })).statusCode).toBe(400);
    expect((await broadcast(w.admin, { roles: ['chef'], message: 'x' })).statusCode).toBe(400);
  });

  it('broadcasts to users and roles, each once, audited, newest first in each feed with the unread count', async () => {
    const a = await userToken(app, 'agent');
    const admin = await userToken(app, 'admin');
    const socket = await connect(socketFor(url, a.token));
    const live = nextEvent<NotificationEvent>(socket, REALTIME_EVENTS.notification);
    const response = await broadcast(w.admin, {
      userIds: [a.user.id, admin.user.id],
      roles: ['agent'],
      title: 'Information',
      message: 'Réunion à 14 h',
      lien: '/dashboard',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ message: string; recipients: number }>();
    expect(created.message).toBe('Notification envoyée.');
    const event = await live;
    expect(event).toMatchObject({ title: 'Information', message: 'Réunion à 14 h', lien: '/dashboard' });
    socket.disconnect();

    const feedA = await list(a.token);
    expect(feedA.total).toBe(1);
    expect(feedA.unread).toBe(1);
    expect(feedA.data).toEqual([
      {
        id: event.id,
        title: 'Information',
        message: 'Réunion à 14 h',
        timestamp: event.timestamp,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as string,
        lien: '/dashboard',
        isRead: false,
      },
    ]);
    expect((await list(admin.token)).total).toBe(1);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'diffusion'));
    expect(audit.at(-1)).toMatchObject({ entity: 'notification', actorKind: 'user' });
    expect(audit.at(-1)?.after).toMatchObject({
      message: 'Réunion à 14 h',
      destinataires: created.recipients,
    });
  });

  it('pages newest first and resyncs what came after an id', async () => {
    const { user, token } = await userToken(app, 'agent');
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const result = await app.notifications.notify({ to: { userIds: [user.id] }, message: `Message ${i}` });
      ids.push(result.notifications[0]!.id);
    }
    const first = await list(token, '?page=1&pageSize=2');
    expect(first.total).toBe(5);
    expect(first.data.map((n) => n.message)).toEqual(['Message 5', 'Message 4']);
    const third = await list(token, '?page=3&pageSize=2');
    expect(third.data.map((n) => n.message)).toEqual(['Message 1']);
    const since = await list(token, `?since=${ids[2]}`);
    expect(since.total).toBe(2);
    expect(since.data.map((n) => n.message)).toEqual(['Message 5', 'Message 4']);
    expect(since.unread).toBe(5);
    expect(
      (await app.inject({ method: 'GET', url: '/api/notifications?page=0', headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
  });

  it('marks one read (only one own: 404 for someone else’s), then all, the count never below 0', async () => {
    const a = await userToken(app, 'agent');
    const b = await userToken(app, 'agent');
    const n1 = (await app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Un' }))
      .notifications[0]!.id;
    const n2 = (await app.notifications.notify({ to: { userIds: [a.user.id] }, message: 'Deux' }))
      .notifications[0]!.id;

    const read = (id: number | string, token: string) =>
      app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: bearer(token) });

    const foreign = await read(n1, b.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Notification introuvable.' });
    expect((await read(999_999_999, a.token)).statusCode).toBe(404);
    expect((await read('abc', a.token)).statusCode).toBe(400);
    const [stillUnread] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, n1)));
    expect(stillUnread?.isRead).toBe(false);

    const once = await read(n1, a.token);
    expect(once.statusCode).toBe(200);
    expect(once.json()).toEqual({ unread: 1 });
    // Twice is harmless: the count does not move.
    expect((await read(n1, a.token)).json()).toMatchObject({ unread: 1 });

    const all = await app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: bearer(a.token),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ message: 'Toutes les notifications sont marquées comme lues.', unread: 0 });
    expect((await read(n2, a.token)).json()).toMatchObject({ unread: 0 });
    const feed = await list(a.token);
    expect(feed.unread).toBe(0);
    expect(feed.data.every((n) => n.isRead)).toBe(true);
    // B's feed untouched by A's « mark all ».
    await app.notifications.notify({ to: { userIds: [b.user.id] }, message: 'Pour B' });
    expect((await list(b.token)).unread).toBe(1);
  });
});

describe('producers', () => {
  it('a request typed in on the screen reaches every active agent and administrator live, with its link', async () => {
    const agent = await userToken(app, 'agent');
    const admin = await userToken(app, 'admin');
    const inactiveAdmin = await createUser(app, { role: 'admin', active: false });
    const inactiveAgent = await createUser(app, { role: 'agent', active: false });
    const adminSocket = await connect(socketFor(url, admin.token));
    const adminLive = nextEvent<NotificationEvent>(adminSocket, REALTIME_EVENTS.notification);
    const socket = await connect(socketFor(url, agent.token));
    const live = nextEvent<NotificationEvent>(socket, REALTIME_EVENTS.notification);
    const created = await call(w, 'POST', '/demande_hebergement', {
      client_id: w.client.id,
      type: 'nouvelle',
      pensionnaire_ids: await residents(w, 1),
      date_debut: day(10),
      date_fin: day(12),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<DemandeCreateAnswer>().data.id;
    const event = await live;
    expect(event).toMatchObject({
      title: "Nouvelle demande d'hébergement",
      lien: `/dashboard/demande-hebergement/${id}`,
    });
    expect(event.message).toContain(`Demande n° ${id}`);
    socket.disconnect();
    expect((await list(agent.token)).data[0]?.id).toBe(event.id);
    // Administrators handle requests too: they are told as well, live and in their feed.
    const adminEvent = await adminLive;
    adminSocket.disconnect();
    expect(adminEvent).toMatchObject({ title: "Nouvelle demande d'hébergement", message: event.message });
    expect((await list(admin.token)).data.map((n) => n.id)).toEqual([adminEvent.id]);
    // Inactive accounts get nothing.
    const inactive = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.userId, [inactiveAdmin.id, inactiveAgent.id]));
    expect(inactive).toEqual([]);
  });

  it('a request someone else changes while it is open: followers reload and are told who, the author is not', async () => {
    const created = await call(w, 'POST', '/demande_hebergement', {
      client_id: w.client.id,
      type: 'nouvelle',
      pensionnaire_ids: await residents(w, 1),
      date_debut: day(10),
      date_fin: day(12),
    });
    const id = created.json<DemandeCreateAnswer>().data.id;
    // The creation's own change (by w's agent) goes by before anyone opens the request.
    await new Promise((resolve) => setTimeout(resolve, SUIVI_COALESCE_MS + 300));
    const follower = await userToken(app, 'agent');
    const author = await userToken(app, 'agent');
    const followerSocket = await connect(socketFor(url, follower.token));
    const authorSocket = await connect(socketFor(url, author.token));
    for (const socket of [followerSocket, authorSocket])
      socket.emit(REALTIME_EVENTS.suivre, { entite: 'demande', id });
    const authorNotified: NotificationEvent[] = [];
    authorSocket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => {
      if (event.lien === `/dashboard/demande-hebergement/${id}`) authorNotified.push(event);
    });
    // The follows are processed before the change: the sockets' messages arrive long before this pause ends.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const changed = nextEvent<ChangementEvent>(followerSocket, REALTIME_EVENTS.changement);
    const notified = nextEvent<NotificationEvent>(followerSocket, REALTIME_EVENTS.notification);
    const authorChanged = nextEvent<ChangementEvent>(authorSocket, REALTIME_EVENTS.changement);
    const refus = await app.inject({
      method: 'PUT',
      url: `/api/demande_hebergement/${id}/refuser`,
      headers: bearer(author.token),
      payload: { motif: 'Complet' },
    });
    expect(refus.statusCode, refus.body).toBe(200);
    expect(await changed).toEqual({ entite: 'demande', id, par: author.user.id });
    expect(await authorChanged).toEqual({ entite: 'demande', id, par: author.user.id });
    const event = await notified;
    expect(event).toMatchObject({ title: 'Demande modifiée', lien: `/dashboard/demande-hebergement/${id}` });
    expect(event.message).toContain(`${author.user.prenom} ${author.user.nom}`);
    expect(authorNotified).toEqual([]);

    followerSocket.disconnect();
    authorSocket.disconnect();
  });
});

describe('resync after an API restart mid-stream', () => {
  it('a client that resyncs from its last id on reconnection receives 100% of the notifications, once each', async () => {
    const database = await createTestDatabase();
    const jwtSecret = 'secret-du-test-de-reprise-0123456789';
    const options = { database: database.options, passwordHashing: FAST_SCRYPT, jwtSecret };
    let node = await buildApp(options);
    const { user, token } = await userToken(node, 'agent');
    const base = await listenLocal(node);
    const port = Number(new URL(base).port);
    try {
      const socket = socketFor(base, token, { reconnection: true });
      const received = new Map<number, number>();
      let lastId = 0;
      const take = (event: { id: number }) => {
        received.set(event.id, (received.get(event.id) ?? 0) + 1);
        lastId = Math.max(lastId, event.id);
      };
      socket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => {
        if (!received.has(event.id)) take(event);
      });
      let resyncs = 0;
      socket.on('connect', () => {
        if (lastId === 0) return;
        void fetch(`${base}/api/notifications?since=${lastId}&pageSize=100`, {
          headers: bearer(token),
        })
          .then((response) => response.json() as Promise<NotificationsPage>)
          .then((page) => {
            resyncs += 1;
            for (const item of [...page.data].reverse()) if (!received.has(item.id)) take(item);
          });
      });
      await connect(socket);

      const sent: number[] = [];
      const produce = async (from: number, to: number) => {
        for (let i = from; i <= to; i += 1) {
          const result = await node.notifications.notify({
            to: { userIds: [user.id] },
            message: `Flux ${i}`,
          });
          sent.push(result.notifications[0]!.id);
        }
      };
      await produce(1, 40);
      await node.close();
      // While no node listens, another process writes on (a second node, a scheduled job): 20 missed live.
      node = await buildApp(options);
      await produce(41, 60);
      await node.listen({ port, host: '127.0.0.1' });
      await produce(61, 100);

      const deadline = Date.now() + 15_000;
      while (received.size < sent.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      socket.disconnect();
      expect(sent).toHaveLength(100);
      expect([...received.keys()].sort((x, y) => x - y)).toEqual([...sent].sort((x, y) => x - y));
      expect([...received.values()].every((times) => times === 1)).toBe(true);
      expect(resyncs).toBeGreaterThanOrEqual(1);
    } finally {
      await node.close();
      await database.drop();
    }
  });
});
