import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH, type NotificationEvent } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, login, openTestSession, userToken } from '../../../test/helper';
import {
  connect,
  disconnection,
  listenLocal,
  nextEvent,
  refusal,
  socketFor,
} from '../../../test/socket-client';
import type { UserRow } from '../../db/schema';
import { tokenPayload } from '../../modules/auth/sessions';
import { AUTH_ERRORS } from '../auth';

const SECRET = 'secret-de-test-du-temps-reel-0123456789';

let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = await buildTestApp({ jwtSecret: SECRET, realtime: { recheckMs: 300 } });
  url = await listenLocal(app);
});
afterAll(() => app.close());

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 token as the API signs them, for a session of its own, with chosen expiry and secret. */
async function jwt(user: UserRow, exp: number, secret = SECRET): Promise<string> {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const now = Math.floor(Date.now() / 1000);
  const sid = await openTestSession(app, user.id);
  const body = base64url(JSON.stringify({ ...tokenPayload(user, sid), iat: now, exp }));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('socket handshake', () => {
  it('refuses a socket without a token', async () => {
    expect(await refusal(socketFor(url, undefined))).toEqual({
      message: AUTH_ERRORS.missingToken,
      status: 401,
    });
  });

  it('refuses a forged token (signed with another secret)', async () => {
    const user = await createUser(app);
    expect(
      await refusal(socketFor(url, await jwt(user, inAnHour(), 'un-autre-secret-0123456789abcdef'))),
    ).toEqual({
      message: AUTH_ERRORS.invalidToken,
      status: 401,
    });
  });

  it('refuses an expired token', async () => {
    const user = await createUser(app);
    expect(await refusal(socketFor(url, await jwt(user, Math.floor(Date.now() / 1000) - 10)))).toEqual({
      message: AUTH_ERRORS.invalidToken,
      status: 401,
    });
  });

  it('refuses the token of a deactivated user', async () => {
    const user = await createUser(app, { active: false });
    expect(await refusal(socketFor(url, await jwt(user, inAnHour())))).toEqual({
      message: AUTH_ERRORS.inactiveUser,
      status: 401,
    });
  });

  it('refuses a token whose session was logged out', async () => {
    const { token } = await userToken(app, 'agent');
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await refusal(socketFor(url, token))).status).toBe(401);
  });

  it('refuses a browser from another origin, accepts its own origin', async () => {
    const { token } = await userToken(app, 'agent');
    const foreign = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      autoConnect: false,
      reconnection: false,
      extraHeaders: { origin: 'https://malveillant.example' },
    });
    await expect(connect(foreign)).rejects.toThrow();
    foreign.disconnect();
    const own = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      autoConnect: false,
      reconnection: false,
      extraHeaders: { origin: url },
    });
    await connect(own);
    expect(own.connected).toBe(true);
    own.disconnect();
  });

  it('accepts websocket only: an HTTP long-polling handshake is refused', async () => {
    const response = await fetch(`${url}${REALTIME_PATH}/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
  });
});

describe('connected sockets', () => {
  it('closes a socket when its token expires', async () => {
    const user = await createUser(app);
    const socket = await connect(socketFor(url, await jwt(user, Math.floor(Date.now() / 1000) + 2)));
    expect(await disconnection(socket, 5_000)).toBe('io server disconnect');
  });

  it('closes the sockets of a user an administrator deactivates', async () => {
    const admin = await userToken(app, 'admin');
    const { user, token } = await userToken(app, 'agent');
    const socket = await connect(socketFor(url, token));
    const closed = disconnection(socket);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/activation`,
      headers: bearer(admin.token),
      payload: { active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it("closes the sockets of the session that logs out, not those of the user's other session", async () => {
    const user = await createUser(app);
    const leaving = await login(app, user.email);
    const staying = await login(app, user.email);
    const leavingSocket = await connect(socketFor(url, leaving));
    const stayingSocket = await connect(socketFor(url, staying));
    const closed = disconnection(leavingSocket);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(leaving) });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // Past two periodic re-checks (300 ms each here): the other session's socket is still there and still served.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stayingSocket.connected).toBe(true);
    const progress = nextEvent<{ id: number }>(stayingSocket, 'tache');
    app.realtime.emitToUser(user.id, 'tache', { id: 1 });
    expect(await progress).toEqual({ id: 1 });
    stayingSocket.disconnect();
  });

  it('closes the sockets of every session at « Déconnecter toutes mes sessions »', async () => {
    const user = await createUser(app);
    const first = await login(app, user.email);
    const second = await login(app, user.email);
    const sockets = [await connect(socketFor(url, first)), await connect(socketFor(url, second))];
    const closed = sockets.map((socket) => disconnection(socket));
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: bearer(second),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('delivers a user only their own notifications (per-user rooms)', async () => {
    const a = await userToken(app, 'agent');
    const b = await userToken(app, 'agent');
    const socketA = await connect(socketFor(url, a.token));
    const socketB = await connect(socketFor(url, b.token));
    const receivedByB: NotificationEvent[] = [];
    socketB.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => receivedByB.push(event));

    const forA = nextEvent<NotificationEvent>(socketA, REALTIME_EVENTS.notification);
    const result = await app.notifications.notify({
      to: { userIds: [a.user.id] },
      message: 'Pour A seulement',
    });
    const event = await forA;
    expect(event).toEqual({
      id: result.notifications[0]!.id,
      title: 'Nouvelle notification',
      message: 'Pour A seulement',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      lien: null,
    });
    // B's own notification comes after A's on the same server: once B has it, A's would have arrived before.
    const forB = nextEvent<NotificationEvent>(socketB, REALTIME_EVENTS.notification);
    await app.notifications.notify({ to: { userIds: [b.user.id] }, message: 'Pour B' });
    await forB;
    expect(receivedByB.map((n) => n.message)).toEqual(['Pour B']);
    socketA.disconnect();
    socketB.disconnect();
  });

  it('delivers a role broadcast to every user of the role, not to the others', async () => {
    const agent = await userToken(app, 'agent');
    const admin = await userToken(app, 'admin');
    const agentSocket = await connect(socketFor(url, agent.token));
    const adminSocket = await connect(socketFor(url, admin.token));
    const adminGot: string[] = [];
    adminSocket.on(REALTIME_EVENTS.notification, (event: NotificationEvent) => adminGot.push(event.message));
    const forAgent = nextEvent<NotificationEvent>(agentSocket, REALTIME_EVENTS.notification);
    await app.notifications.notify({ to: { roles: ['agent'] }, message: 'Aux agents' });
    expect((await forAgent).message).toBe('Aux agents');
    const forAdmin = nextEvent<NotificationEvent>(adminSocket, REALTIME_EVENTS.notification);
    await app.notifications.notify({ to: { userIds: [admin.user.id] }, message: "À l'administrateur" });
    await forAdmin;
    expect(adminGot).toEqual(["À l'administrateur"]);
    agentSocket.disconnect();
    adminSocket.disconnect();
  });

  it('emits non-persisted events to a user (emitToUser, e.g. task progress)', async () => {
    const { user, token } = await userToken(app, 'agent');
    const socket = await connect(socketFor(url, token));
    const progress = nextEvent<{ id: number; progression: number }>(socket, 'tache');
    app.realtime.emitToUser(user.id, 'tache', { id: 7, progression: 40 });
    expect(await progress).toEqual({ id: 7, progression: 40 });
    socket.disconnect();
  });
});
