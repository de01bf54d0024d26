/**
 * The users and sessions the token check reads (plugins/auth.ts), kept in memory between two writes to them.
 *
 * Every authenticated request needs its user's activation, role and token version, and whether its session is still
 * open. Migration 0016 makes every statement that changes `users` (a new password, a role, a deactivation, from any
 * node or from psql) NOTIFY `users` when its transaction commits, and migration 0025 does the same for a session
 * revoked (a logout) or removed while valid; each notification drops everything kept. A read first syncs the
 * process's listening connection (db/notification-connection.ts), so a change committed before the request always
 * counts: a revoked token is refused on its very next request, on every node. A user read while a notification
 * arrived is not kept. Without a listening connection (lost, until it listens again: `onRestored`) every read goes to
 * the database. Entries are kept per session (user id and `sid`): a user signed in on two devices is two entries.
 *
 * The sync is the same round trip the answer caches need (one connection for every channel): `synced` tells the
 * caller it happened after the request arrived, and a page kept in memory needs no second one
 * (docs/performance.md « One listening connection »).
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from 'shared/contract';
import type { Listener } from '../../db/client';
import { toCurrentUser } from '../utilisateurs';
import { prepareSessionUser, type SessionUser } from './sessions';

export const USERS_CHANNEL = 'users';

/** More than the sessions of a centre's accounts; beyond, the least recently read go first. */
const MAX_SESSIONS_KEPT = 10_000;

/** What the check needs of a user — never the password hash, which is not kept in memory. */
export type TokenUser = CurrentUser & { tokenVersion: number };

interface KeptSession {
  user: TokenUser | undefined;
  /** The token's session is open (exists for this user, not revoked). */
  sessionActive: boolean;
}

const keptOf = (found: SessionUser | undefined): KeptSession =>
  found === undefined
    ? { user: undefined, sessionActive: false }
    : {
        user: { ...toCurrentUser(found.row), tokenVersion: found.row.tokenVersion },
        sessionActive: found.sessionActive,
      };

export interface TokenUserRead extends KeptSession {
  /** The listening connection was synced after the read began (the answer caches may rely on it). */
  synced: boolean;
}

/** `sid` must match SESSION_ID (sessions.ts). */
export type TokenUsers = (id: number, sid: string) => Promise<TokenUserRead>;

export async function tokenUsers(
  app: FastifyInstance,
  fromDatabase: (id: number, sid: string) => Promise<SessionUser | undefined> = prepareSessionUser(app.db),
  maxKept = MAX_SESSIONS_KEPT,
): Promise<TokenUsers> {
  const kept = new Map<string, KeptSession>();
  const read = async (id: number, sid: string) => keptOf(await fromDatabase(id, sid));
  let generation = 0;
  let listener: Listener | undefined;
  try {
    listener = await app.dbListen(USERS_CHANNEL, {
      onNotify: () => {
        generation += 1;
        kept.clear();
      },
      onLost: () => {
        listener = undefined;
        // A read under way when the connection went may have missed a change: it is not kept.
        generation += 1;
        kept.clear();
        app.log.warn('utilisateurs en mémoire désactivés : connexion LISTEN perdue');
      },
      onRestored: (restored) => {
        listener = restored;
        app.log.info('utilisateurs en mémoire réactivés : connexion LISTEN rétablie');
      },
    });
  } catch (error) {
    app.log.warn({ err: error }, 'utilisateurs en mémoire désactivés');
  }
  app.addHook('onClose', async () => {
    const current = listener;
    listener = undefined;
    await current?.stop().catch(() => undefined);
  });

  return async (id, sid) => {
    const current = listener;
    if (current === undefined) return { ...(await read(id, sid)), synced: false };
    await current.sync();
    if (listener !== current) return { ...(await read(id, sid)), synced: false };
    const key = `${id}:${sid}`;
    const known = kept.get(key);
    if (known !== undefined) {
      // Most recently read last: the eviction takes the first.
      kept.delete(key);
      kept.set(key, known);
      return { ...known, synced: true };
    }
    const start = generation;
    const found = await read(id, sid);
    if (listener === current && generation === start) {
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
      kept.set(key, found);
    }
    return { ...found, synced: true };
  };
}
