/**
 * The users the token check reads (plugins/auth.ts), kept in memory between two writes to `users`.
 *
 * Every authenticated request needs its user's activation, role and token version. Migration 0016 makes every
 * statement that changes `users` (a logout, a new password, a role, a deactivation, from any node or from psql)
 * NOTIFY `users` when its transaction commits; each notification drops every user kept. A read first syncs the
 * process's listening connection (db/notification-connection.ts), so a change committed before the request always
 * counts: a revoked token is refused on its very next request, on every node. A user read while a notification
 * arrived is not kept. Without a listening connection every read goes to the database, as before.
 *
 * The sync is the same round trip the answer caches need (one connection for every channel): `synced` tells the
 * caller it happened after the request arrived, and a page kept in memory needs no second one
 * (docs/performance.md « One listening connection »).
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from 'shared/contract';
import type { Listener } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { prepareUserById, toCurrentUser } from '../users/repository';

export const USERS_CHANNEL = 'users';

/** More than the accounts of a centre; beyond, the least recently read go first. */
const MAX_USERS_KEPT = 10_000;

/** What the check needs of a user — never the password hash, which is not kept in memory. */
export type TokenUser = CurrentUser & { tokenVersion: number };

const tokenUserOf = (row: UserRow | undefined): TokenUser | undefined =>
  row === undefined ? undefined : { ...toCurrentUser(row), tokenVersion: row.tokenVersion };

export interface TokenUserRead {
  user: TokenUser | undefined;
  /** The listening connection was synced after the read began (the answer caches may rely on it). */
  synced: boolean;
}

export type TokenUsers = (id: number) => Promise<TokenUserRead>;

export async function tokenUsers(
  app: FastifyInstance,
  fromDatabase: (id: number) => Promise<UserRow | undefined> = prepareUserById(app.db),
  maxKept = MAX_USERS_KEPT,
): Promise<TokenUsers> {
  const kept = new Map<number, TokenUser | undefined>();
  const read = async (id: number) => tokenUserOf(await fromDatabase(id));
  let generation = 0;
  let listener: Listener | undefined;
  try {
    listener = await app.dbListen(
      USERS_CHANNEL,
      () => {
        generation += 1;
        kept.clear();
      },
      () => {
        listener = undefined;
        kept.clear();
        app.log.warn('utilisateurs en mémoire désactivés : connexion LISTEN perdue');
      },
    );
  } catch (error) {
    app.log.warn({ err: error }, 'utilisateurs en mémoire désactivés');
  }
  app.addHook('onClose', async () => {
    const current = listener;
    listener = undefined;
    await current?.stop().catch(() => undefined);
  });

  return async (id) => {
    const current = listener;
    if (current === undefined) return { user: await read(id), synced: false };
    await current.sync();
    if (listener !== current) return { user: await read(id), synced: false };
    if (kept.has(id)) {
      const user = kept.get(id);
      // Most recently read last: the eviction takes the first.
      kept.delete(id);
      kept.set(id, user);
      return { user, synced: true };
    }
    const start = generation;
    const user = await read(id);
    if (listener === current && generation === start) {
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value as number);
      kept.set(id, user);
    }
    return { user, synced: true };
  };
}
