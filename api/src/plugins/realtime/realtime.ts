/**
 * The live feed's transport (issue 12, docs/api.md « The socket »): socket.io on the API's own HTTP server, path
 * /socket.io, websocket transport only, the same origin policy as the HTTP API. The handshake carries the JWT in
 * `auth.token`; the auth plugin's checks decide (signature, expiry, active user, token version, open session). A
 * socket is closed when its token expires, when its session ends (a logout closes that session's sockets only) and
 * when its user account changes (deactivated, new role or password, every session ended): the audit trigger of
 * migration 0008 tells every node at once, and a periodic re-check is the safety net.
 *
 * Rooms: `user:<id>` and `role:<role>`; `suivi:<entite>:<id>` for a request or stay a client has open.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { and, inArray, isNull } from 'drizzle-orm';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import {
  REALTIME_EVENTS,
  REALTIME_PATH,
  SUIVI_ENTITES,
  type CurrentUser,
  type Role,
  type SuiviEntite,
} from 'shared/contract';
import type { Listener } from '../../db/client';
import { guardCheckouts } from '../../db/pool-checkouts';
import { userSessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { AUTH_ERRORS } from '../auth';

export const CHANGEMENTS_CHANNEL = 'changements';

/** Rooms of the live feed. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  role: (role: Role) => `role:${role}`,
  suivi: (entite: SuiviEntite, id: number) => `suivi:${entite}:${id}`,
};

/** An audited change (migration 0008's NOTIFY on `changements`). */
export interface ChangementAudite {
  entite: string;
  id: string;
  action: string;
  /** The user who made it; null for the system. */
  par: number | null;
}

export interface SocketData {
  user: CurrentUser;
  ver: number;
  /** The session of the handshake's token: its logout closes the socket. */
  sid: string;
  suivis: Set<string>;
}

export interface Realtime {
  /** The socket.io server (tests, the multi-node adapter). */
  io: Server;
  /** A non-persisted event to every socket of a user, on every node (e.g. a task's progress). */
  emitToUser(userId: number, event: string, payload: unknown): void;
  /**
   * One event per user, each with its own payload (a group of notifications just written): emitted at once, in this
   * order, to this node's sockets, and forwarded to the other nodes in one message (not one per event).
   */
  emitToUsers(event: string, items: ReadonlyArray<{ userId: number; payload: unknown }>): void;
  /**
   * A non-persisted event to every socket of this node: for a change every node hears of by itself (a NOTIFY each
   * node LISTENs to), so that nothing is forwarded between nodes and each user gets it once.
   */
  emitToLocalSockets(event: string, payload: unknown): void;
  /** A non-persisted event to every signed-in user of a role. */
  emitToRole(role: Role, event: string, payload: unknown): void;
  /** The users who have this request or stay open on this node's sockets. */
  localFollowers(entite: SuiviEntite, id: number): Set<number>;
  /** A non-persisted event to the sockets following a request or stay on this node. */
  emitToLocalFollowers(entite: SuiviEntite, id: number, event: string, payload: unknown): void;
  /** Called with every audited change of a request, stay or user account (every node gets each once). */
  onChangement(handler: (changement: ChangementAudite) => void | Promise<void>): void;
  /** Re-checks every socket of this node (or of some users) against the database; closes the revoked ones. */
  revalidate(userIds?: readonly number[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  /** CORS_ORIGINS: other origins allowed to open a socket (the HTTP API's list). */
  corsOrigins?: readonly string[] | undefined;
  /** Periodic re-check of the connected users (ms). Default 60 000. */
  recheckMs?: number | undefined;
  /**
   * The PostgreSQL of DATABASE_URL: the nodes sharing it share the live feed through @socket.io/postgres-adapter
   * (LISTEN/NOTIFY, docs/deployment.md « Plusieurs nœuds »). Absent (the embedded database: one process), the
   * in-memory adapter.
   */
  adapterUrl?: string | undefined;
}

/** socket.io's `connect_error` carries `message` (French) and `data.status`. */
class HandshakeError extends Error {
  constructor(
    message: string,
    readonly data: { status: number },
  ) {
    super(message);
  }
}

/** Longest setTimeout Node accepts. */
const MAX_TIMER_MS = 2_147_483_647;
const MAX_SUIVIS_PER_SOCKET = 50;
/** The server-side message that carries `emitToUsers` to the other nodes. */
const EMIT_TO_USERS = 'ebas3:emit-to-users';
/**
 * The adapter sends a message longer than this (bytes of JSON) through its attachments table: an INSERT then a
 * NOTIFY, and a SELECT on each receiving node before the message is handled — a later short message would overtake
 * it. `emitToUsers` splits its items into messages that stay below, with room for the adapter's envelope.
 */
const NOTIFY_PAYLOAD_LIMIT = 8_000;
const FORWARDED_ITEMS_BYTES = 7_000;

/**
 * `items` in order, cut into runs whose JSON stays under `limit` bytes (an item longer than that alone: a
 * notification is at most a few kilobytes, its message limited to 1,000 characters).
 */
export function splitBySize<T>(items: readonly T[], limit: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 2;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (run.length > 0 && bytes + size > limit) {
      runs.push(run);
      run = [];
      bytes = 2;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

function sameOrigin(request: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin on a websocket; other clients (scripts, the tests) are judged by their token alone.
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * One TCP write per flush of a socket's buffer, not one per packet. engine.io sends a packet at once when the socket
 * is idle, and queues the following ones until that write completes, then hands them all to the websocket, which
 * writes each frame by itself: a group of 20 notifications cost each of its user's sockets 20 syscalls (the largest
 * share of a notification's CPU in a profile of the feed, and one long slice of the event loop). Corking the
 * connection while engine.io flushes, until the next tick, writes the queued frames at once: a group reaches a socket
 * in at most two writes (the first frame, then the rest). `flush` is engine.io's documented event, emitted with the
 * packets about to be handed to the transport; `request.socket` is the connection the websocket was upgraded from.
 *
 * A flush of one packet is not corked: the websocket writes one frame in one write anyway, and corking it would hold
 * it until the next tick — for a broadcast, which flushes every socket in one loop, until the last socket's frame is
 * ready (docs/performance.md « Live feed »).
 */
function coalesceFlushes(socket: Socket): void {
  const connection = socket.request.socket;
  socket.conn.on('flush', (packets: readonly unknown[]) => {
    if (packets.length < 2) return;
    connection.cork();
    process.nextTick(() => connection.uncork());
  });
}

function parseSuivi(payload: unknown): { entite: SuiviEntite; id: number } | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { entite, id } = payload as { entite?: unknown; id?: unknown };
  if (!SUIVI_ENTITES.includes(entite as SuiviEntite)) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  return { entite: entite as SuiviEntite, id };
}

/**
 * Waits until the PostgreSQL adapter LISTENs (its pool hands it a connection, then `LISTEN` answers): a node is
 * ready only once it hears the other nodes' messages. And @socket.io/postgres-adapter 0.5 keeps for ever a
 * connection it gets after its `close()` (its `initClient` sets it without looking), so a node closed right after
 * its start never ended its adapter's pool. Beyond 10 s it goes on with a warning (the adapter retries by itself).
 */
async function adapterListening(io: Server, app: FastifyInstance): Promise<void> {
  const pubSub = (io.of('/').adapter as unknown as { client?: { client?: unknown } }).client;
  const deadline = Date.now() + 10_000;
  while (pubSub !== undefined && pubSub.client === undefined) {
    if (Date.now() > deadline) {
      app.log.warn("temps réel : l'adaptateur PostgreSQL n'écoute pas encore, démarrage sans attendre");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export default fp<RealtimePluginOptions>(
  async (app: FastifyInstance, options) => {
    const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
      app.server,
      {
        path: REALTIME_PATH,
        transports: ['websocket'],
        serveClient: false,
        allowRequest: (request, callback) => callback(null, sameOrigin(request, options.corsOrigins ?? [])),
      },
    );
    let adapterPool: pg.Pool | undefined;
    if (options.adapterUrl !== undefined) {
      // Two connections: the adapter's LISTEN holds one, every message it sends goes through the other. pg-pool hands a
      // freed connection to the queries waiting for it first come, first served, so this node's messages are
      // committed — hence delivered to the other nodes — in the order they were sent: a user's notifications arrive
      // in order on the node that holds their socket. With several publishing connections, two groups' NOTIFYs
      // could commit in either order, and a client that missed the earlier one (its node stopping in between)
      // would resync from the later one's id and never get it (multi-node.test.ts « killing node B »).
      adapterPool = new pg.Pool({ connectionString: options.adapterUrl, max: 2 });
      adapterPool.on('error', (error) =>
        app.log.warn({ err: error }, 'temps réel : connexion de l’adaptateur perdue'),
      );
      // Its LISTEN connection is a client it checks out and holds: without this, the server going killed the API,
      // and the dead client kept one of the two places, the node's messages then waiting for ever.
      guardCheckouts(adapterPool, (error) =>
        app.log.warn({ err: error }, 'temps réel : connexion LISTEN de l’adaptateur perdue'),
      );
      io.adapter(
        createAdapter(adapterPool, {
          payloadThreshold: NOTIFY_PAYLOAD_LIMIT,
          errorHandler: (error) => app.log.warn({ err: error }, 'temps réel : adaptateur PostgreSQL'),
        }),
      );
      await adapterListening(io, app);
    }
    const timers = new Map<string, NodeJS.Timeout>();
    const handlers: Array<(changement: ChangementAudite) => void | Promise<void>> = [];

    io.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string' ? auth.token : '';
      app.verifyAccessToken(token).then(
        (verified) => {
          const remaining = verified.exp * 1000 - Date.now();
          if (remaining <= 0) return next(new HandshakeError(AUTH_ERRORS.invalidToken, { status: 401 }));
          socket.data = { user: verified.user, ver: verified.ver, sid: verified.sid, suivis: new Set() };
          timers.set(
            socket.id,
            setTimeout(() => socket.disconnect(true), Math.min(remaining, MAX_TIMER_MS)),
          );
          next();
        },
        (error: unknown) => {
          if (error instanceof AppError)
            next(new HandshakeError(error.message, { status: error.statusCode }));
          else {
            app.log.error({ err: error }, 'socket handshake failed');
            next(new HandshakeError('Le service est momentanément indisponible.', { status: 503 }));
          }
        },
      );
    });

    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      coalesceFlushes(socket);
      void socket.join([rooms.user(data.user.id), rooms.role(data.user.role)]);
      socket.on(REALTIME_EVENTS.suivre, (payload: unknown) => {
        const suivi = parseSuivi(payload);
        if (suivi === undefined || data.suivis.size >= MAX_SUIVIS_PER_SOCKET) return;
        const room = rooms.suivi(suivi.entite, suivi.id);
        data.suivis.add(room);
        void socket.join(room);
      });
      socket.on(REALTIME_EVENTS.ne_plus_suivre, (payload: unknown) => {
        const suivi = parseSuivi(payload);
        if (suivi === undefined) return;
        const room = rooms.suivi(suivi.entite, suivi.id);
        data.suivis.delete(room);
        void socket.leave(room);
      });
      socket.on('disconnect', () => {
        clearTimeout(timers.get(socket.id));
        timers.delete(socket.id);
      });
    });

    const localSockets = () => [...io.of('/').sockets.values()];

    const revalidate = async (userIds?: readonly number[]) => {
      const sockets = localSockets().filter(
        (socket) => userIds === undefined || userIds.includes(socket.data.user.id),
      );
      if (sockets.length === 0) return;
      const ids = [...new Set(sockets.map((socket) => socket.data.user.id))];
      const sids = [...new Set(sockets.map((socket) => socket.data.sid))];
      const [rows, sessions] = await Promise.all([
        app.db
          .select({ id: users.id, active: users.active, tokenVersion: users.tokenVersion, role: users.role })
          .from(users)
          .where(inArray(users.id, ids)),
        app.db
          .select({ id: userSessions.id, userId: userSessions.userId })
          .from(userSessions)
          .where(and(inArray(userSessions.id, sids), isNull(userSessions.revokedAt))),
      ]);
      const current = new Map(rows.map((row) => [row.id, row]));
      const open = new Map(sessions.map((session) => [session.id, session.userId]));
      for (const socket of sockets) {
        const data = socket.data;
        const row = current.get(data.user.id);
        if (
          row === undefined ||
          !row.active ||
          row.tokenVersion !== data.ver ||
          row.role !== data.user.role ||
          open.get(data.sid) !== data.user.id
        )
          socket.disconnect(true);
      }
    };

    const localFollowers = (entite: SuiviEntite, id: number) => {
      const followers = new Set<number>();
      const room = io.of('/').adapter.rooms.get(rooms.suivi(entite, id));
      for (const socketId of room ?? []) {
        const socket = io.of('/').sockets.get(socketId);
        if (socket) followers.add(socket.data.user.id);
      }
      return followers;
    };

    let listener: Listener | undefined;
    const onChangementPayload = (payload: string) => {
      let changement: ChangementAudite;
      try {
        changement = JSON.parse(payload) as ChangementAudite;
      } catch {
        return;
      }
      if (changement.entite === 'user') {
        const userId = Number(changement.id);
        revalidate([userId]).catch((error: unknown) =>
          app.log.error({ err: error }, 'socket re-check failed'),
        );
        return;
      }
      for (const handler of handlers)
        Promise.resolve()
          .then(() => handler(changement))
          .catch((error: unknown) => app.log.error({ err: error }, 'changement handler failed'));
    };
    try {
      listener = await app.dbListen(CHANGEMENTS_CHANNEL, {
        onNotify: onChangementPayload,
        onLost: () => {
          listener = undefined;
          app.log.warn(
            'temps réel : connexion LISTEN perdue, suivis et révocations par re-vérification seulement',
          );
        },
        onRestored: (restored) => {
          listener = restored;
          app.log.info('temps réel : connexion LISTEN rétablie');
          // The revocations committed while nobody listened are found now rather than at the next periodic check.
          revalidate().catch((error: unknown) => app.log.error({ err: error }, 'socket re-check failed'));
        },
      });
    } catch (error) {
      app.log.warn({ err: error }, 'temps réel : LISTEN indisponible');
    }

    const recheck = setInterval(() => {
      revalidate().catch((error: unknown) => app.log.error({ err: error }, 'socket re-check failed'));
    }, options.recheckMs ?? 60_000);
    recheck.unref();

    const emitLocallyToUsers = (
      event: string,
      items: ReadonlyArray<{ userId: number; payload: unknown }>,
    ) => {
      for (const item of items) io.local.to(rooms.user(item.userId)).emit(event as never, item.payload);
    };
    if (options.adapterUrl !== undefined)
      (io as unknown as Server).on(EMIT_TO_USERS, (event: unknown, items: unknown) => {
        if (typeof event === 'string' && Array.isArray(items))
          emitLocallyToUsers(event, items as Array<{ userId: number; payload: unknown }>);
      });

    app.decorate('realtime', {
      io: io as unknown as Server,
      emitToUser: (userId, event, payload) => void io.to(rooms.user(userId)).emit(event as never, payload),
      emitToUsers: (event, items) => {
        if (items.length === 0) return;
        if (options.adapterUrl === undefined) return emitLocallyToUsers(event, items);
        // One NOTIFY for the whole group, or a few for a large one (never through the attachments table, whose
        // messages can be overtaken by the next ones). Sent first: the adapter's query leaves within this turn's
        // ticks, then this node writes to its own sockets while PostgreSQL and the other nodes handle it — a
        // broadcast to 500 sockets on two nodes no longer waits for this node's 250 writes before the NOTIFY
        // (docs/performance.md « Live feed »). Local emits stay in their order (setImmediate is first in, first out).
        for (const run of splitBySize(items, FORWARDED_ITEMS_BYTES))
          (io as unknown as Server).serverSideEmit(EMIT_TO_USERS, event, run);
        setImmediate(() => emitLocallyToUsers(event, items));
      },
      emitToLocalSockets: (event, payload) => void io.local.emit(event as never, payload),
      emitToRole: (role, event, payload) => void io.to(rooms.role(role)).emit(event as never, payload),
      localFollowers,
      emitToLocalFollowers: (entite, id, event, payload) =>
        void io.local.to(rooms.suivi(entite, id)).emit(event as never, payload),
      onChangement: (handler) => void handlers.push(handler),
      revalidate,
    } satisfies Realtime);

    app.addHook('preClose', async () => {
      clearInterval(recheck);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      const current = listener;
      listener = undefined;
      await current?.stop().catch(() => undefined);
      // Closes the transports, not the sockets: clients see « transport close » and reconnect (to this node restarted
      // or another one), whereas a server-side disconnect would stop their reconnection. Not io.close(): it would
      // close Fastify's HTTP server under its feet.
      io.engine.close();
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      await adapterPool?.end().catch(() => undefined);
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth'] },
);
