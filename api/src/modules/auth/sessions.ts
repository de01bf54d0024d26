/**
 * Sessions (docs/auth.md « Sessions »): a login opens one, its id is the token's `sid`, and the token check reads it
 * with the user on every request (from memory between two writes: token-users.ts). A logout revokes its own session
 * only; the token version (`users.token_version`) still revokes every session at once (new password, role,
 * activation, « Déconnecter toutes mes sessions »).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TokenClaims } from 'shared/contract';
import type { Database, Executor } from '../../db/client';
import { userSessions, users, type UserRow } from '../../db/schema';

/** What the API signs; `iat` and `exp` are added by the signer. */
export type TokenPayload = Omit<TokenClaims, 'iat' | 'exp'>;

export type TokenSigner = (payload: TokenPayload) => string;

/** A session id as `sid` carries it: the token check refuses anything else before reading the database. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function tokenPayload(
  user: Pick<UserRow, 'id' | 'role' | 'prenom' | 'nom' | 'email' | 'tokenVersion'>,
  sid: string,
): TokenPayload {
  return {
    sub: String(user.id),
    role: user.role,
    name: `${user.prenom} ${user.nom}`,
    email: user.email,
    ver: user.tokenVersion,
    sid,
  };
}

/** The `exp` of a token this API signed (seconds since the epoch). */
function expiryOf(token: string): Date {
  const [, payload = ''] = token.split('.');
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return new Date(exp * 1000);
}

/**
 * Opens a session for the user (whose row is current: its token version is signed in) and returns its token. In the
 * caller's transaction: the token is handed out only once the session is committed, so no request can carry a
 * `sid` the token check does not find yet. The user's expired sessions go at the same time.
 */
export async function openSession(tx: Executor, sign: TokenSigner, user: UserRow): Promise<string> {
  const sid = randomUUID();
  const token = sign(tokenPayload(user, sid));
  await tx
    .delete(userSessions)
    .where(and(eq(userSessions.userId, user.id), lt(userSessions.expiresAt, sql`now()`)));
  await tx.insert(userSessions).values({ id: sid, userId: user.id, expiresAt: expiryOf(token) });
  return token;
}

/**
 * Signs a new token for a session still open (after a new password raised the token version): same `sid`, the
 * user's current version, a new expiry.
 */
export async function renewSession(
  tx: Executor,
  sign: TokenSigner,
  user: UserRow,
  sid: string,
): Promise<string> {
  const token = sign(tokenPayload(user, sid));
  await tx
    .update(userSessions)
    .set({ expiresAt: expiryOf(token) })
    .where(and(eq(userSessions.id, sid), eq(userSessions.userId, user.id)));
  return token;
}

/** Revokes one session of the user; false when it was not open (already revoked). */
export async function revokeSession(tx: Executor, userId: number, sid: string): Promise<boolean> {
  const revoked = await tx
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sid), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return revoked.length > 0;
}

/** Revokes every open session of the user but `except` (the one making the request, when it stays open). */
export async function revokeSessions(tx: Executor, userId: number, except?: string): Promise<void> {
  await tx
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        except === undefined ? undefined : ne(userSessions.id, except),
      ),
    );
}

/** What the token check reads of a user and of the token's session. */
export interface SessionUser {
  row: UserRow;
  /** The session exists, belongs to this user and is not revoked (its expiry is the token's, checked by the JWT). */
  sessionActive: boolean;
}

/**
 * The user and the session's state in one primary-key lookup, as a named prepared statement (parsed and planned once
 * per pooled connection, its SQL built once): the token check of every authenticated request reads it when it is not
 * in memory (docs/performance.md « Reservations list »: ≈ 0.1–0.2 ms of API CPU and the 0.26 ms plan saved per
 * request). Outside any transaction, on the pool. `sid` must match SESSION_ID (a uuid column).
 */
export function prepareSessionUser(
  db: Database,
): (id: number, sid: string) => Promise<SessionUser | undefined> {
  const query = db
    .select({
      row: users,
      sessionActive: sql<boolean>`(${userSessions.id} is not null and ${userSessions.revokedAt} is null)`,
    })
    .from(users)
    .leftJoin(
      userSessions,
      and(eq(userSessions.id, sql.placeholder('sid')), eq(userSessions.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('ebas3_session_user');
  return async (id, sid) => (await query.execute({ id, sid }))[0];
}
