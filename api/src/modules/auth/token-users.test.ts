import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, createTestDatabase, createUser, login, tokenClaims } from '../../../test/helper';
import { listenerStandIn } from '../../../test/listener-stand-in';
import { buildApp } from '../../app';
import { userSessions, users, type UserRow } from '../../db/schema';
import type { SessionUser } from './sessions';
import { AUTH_ERRORS } from '../../plugins/auth';
import { tokenUsers, USERS_CHANNEL } from './token-users';

/** A stand-in of the listening connection (the real one is tested below and in notification-connection.test.ts). */
const standIn = () => listenerStandIn(USERS_CHANNEL);

const SID = '00000000-0000-4000-8000-000000000001';
const OTHER_SID = '00000000-0000-4000-8000-000000000002';

const found = (id: number, tokenVersion = 0, sessionActive = true): SessionUser => ({
  row: { id, active: true, tokenVersion } as UserRow,
  sessionActive,
});
/** What the check gets for `found(…)`: the user without its hash, the session's state. */
const read = (id: number, tokenVersion = 0, sessionActive = true) => ({
  user: expect.objectContaining({ id, active: true, tokenVersion }) as unknown,
  sessionActive,
});

describe('tokenUsers', () => {
  it('reads a user once between two notifications, syncing before every answer', async () => {
    const { app, sync, notify } = standIn();
    let version = 0;
    const fromDatabase = vi.fn(async (id: number) => found(id, version));
    const byId = await tokenUsers(app, fromDatabase);
    expect(await byId(7, SID)).toEqual({ ...read(7, 0), synced: true });
    expect(await byId(7, SID)).toEqual({ ...read(7, 0), synced: true });
    expect(fromDatabase).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(2);
    version = 1;
    notify();
    expect((await byId(7, SID)).user?.tokenVersion).toBe(1);
    expect(fromDatabase).toHaveBeenCalledTimes(2);
  });

  it('does not keep a user read while a notification arrived (its row may predate the change)', async () => {
    const { app, notify } = standIn();
    let version = 0;
    const fromDatabase = vi.fn(async (id: number) => {
      const answer = found(id, version);
      version = 1;
      notify();
      return answer;
    });
    const byId = await tokenUsers(app, fromDatabase);
    expect((await byId(3, SID)).user?.tokenVersion).toBe(0);
    expect((await byId(3, SID)).user?.tokenVersion).toBe(1);
    expect(fromDatabase).toHaveBeenCalledTimes(2);
  });

  it('keeps an unknown user as unknown until a notification (an account created later counts)', async () => {
    const { app, notify } = standIn();
    let exists = false;
    const fromDatabase = vi.fn(async (id: number) => (exists ? found(id) : undefined));
    const byId = await tokenUsers(app, fromDatabase);
    expect(await byId(9, SID)).toEqual({ user: undefined, sessionActive: false, synced: true });
    expect((await byId(9, SID)).user).toBeUndefined();
    expect(fromDatabase).toHaveBeenCalledTimes(1);
    exists = true;
    notify();
    expect((await byId(9, SID)).user?.id).toBe(9);
  });

  it("keeps each session of a user on its own: a revoked session is refused, the user's other one is not", async () => {
    const { app, notify } = standIn();
    const revoked = new Set<string>();
    const fromDatabase = vi.fn(async (id: number, sid: string) => found(id, 0, !revoked.has(sid)));
    const byId = await tokenUsers(app, fromDatabase);
    expect((await byId(4, SID)).sessionActive).toBe(true);
    expect((await byId(4, OTHER_SID)).sessionActive).toBe(true);
    expect(fromDatabase).toHaveBeenCalledTimes(2);
    revoked.add(SID);
    notify();
    expect((await byId(4, SID)).sessionActive).toBe(false);
    expect((await byId(4, OTHER_SID)).sessionActive).toBe(true);
    expect((await byId(4, SID)).sessionActive).toBe(false);
    expect(fromDatabase).toHaveBeenCalledTimes(4);
    expect(fromDatabase).toHaveBeenCalledWith(4, SID);
  });

  it('keeps at most its bound, the least recently read going first', async () => {
    const { app } = standIn();
    const fromDatabase = vi.fn(async (id: number) => found(id));
    const byId = await tokenUsers(app, fromDatabase, 2);
    await byId(1, SID);
    await byId(2, SID);
    await byId(1, SID);
    await byId(3, SID);
    fromDatabase.mockClear();
    await byId(1, SID);
    expect(fromDatabase).not.toHaveBeenCalled();
    await byId(2, SID);
    expect(fromDatabase).toHaveBeenCalledTimes(1);
  });

  it('reads every request from the database, unsynced, once the listening connection is lost', async () => {
    const { app, sync, lose } = standIn();
    const fromDatabase = vi.fn(async (id: number) => found(id));
    const byId = await tokenUsers(app, fromDatabase);
    await byId(1, SID);
    lose();
    sync.mockClear();
    expect(await byId(1, SID)).toEqual({ ...read(1), synced: false });
    expect(await byId(1, SID)).toEqual({ ...read(1), synced: false });
    expect(fromDatabase).toHaveBeenCalledTimes(3);
    expect(sync).not.toHaveBeenCalled();
  });

  it('keeps users again once it listens again, but not one read across the loss', async () => {
    const { app, sync, lose, restore } = standIn();
    let cut = false;
    const fromDatabase = vi.fn(async (id: number) => {
      if (cut) {
        cut = false;
        lose();
        restore();
      }
      return found(id);
    });
    const byId = await tokenUsers(app, fromDatabase);
    cut = true;
    expect(await byId(1, SID)).toEqual({ ...read(1), synced: true });
    expect(await byId(1, SID)).toEqual({ ...read(1), synced: true });
    expect(await byId(1, SID)).toEqual({ ...read(1), synced: true });
    // Read across the loss, then again (kept), then from memory.
    expect(fromDatabase).toHaveBeenCalledTimes(2);
    expect(sync).toHaveBeenCalledTimes(3);
  });
});

describe('the token check with the users in memory (two API nodes, one PostgreSQL)', () => {
  it('refuses on node B, at its next request, a token revoked, demoted or deactivated on node A or by psql', async () => {
    const database = await createTestDatabase();
    const nodeA = await buildApp({ database: database.options, jwtSecret: 'secret-partage-des-deux-noeuds' });
    const nodeB = await buildApp({ database: database.options, jwtSecret: 'secret-partage-des-deux-noeuds' });
    try {
      const me = (node: FastifyInstance, token: string) =>
        node.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      const user = await createUser(nodeA);
      const first = await login(nodeA, user.email);
      // Node B keeps the user in memory from here.
      expect((await me(nodeB, first)).statusCode).toBe(200);
      expect((await me(nodeB, first)).statusCode).toBe(200);

      // A second session, kept in memory on node B too.
      const second = await login(nodeA, user.email);
      expect((await me(nodeB, second)).statusCode).toBe(200);

      // A logout of the first session on node A: its session is revoked, the second one goes on.
      const logout = await nodeA.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect(logout.statusCode).toBe(200);
      const revoked = await me(nodeB, first);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
      expect((await me(nodeB, second)).statusCode).toBe(200);

      // A session revoked outside the API (psql) is refused at once too (migration 0025's trigger).
      const third = await login(nodeA, user.email);
      expect((await me(nodeB, third)).statusCode).toBe(200);
      await nodeA.db
        .update(userSessions)
        .set({ revokedAt: new Date() })
        .where(eq(userSessions.id, tokenClaims(third).sid));
      expect((await me(nodeB, third)).statusCode).toBe(401);

      // A role changed outside the API (psql): its trigger raises the token version (migration 0004).
      expect((await me(nodeB, second)).json()).toMatchObject({ role: 'agent' });
      await nodeA.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      const demoted = await me(nodeB, second);
      expect(demoted.statusCode).toBe(401);
      expect(demoted.json()).toEqual({ message: AUTH_ERRORS.invalidToken });

      // A deactivation outside the API: refused as an inactive account.
      await nodeA.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      const deactivated = await me(nodeB, second);
      expect(deactivated.statusCode).toBe(401);
      expect(deactivated.json()).toEqual({ message: AUTH_ERRORS.inactiveUser });
    } finally {
      await nodeB.close();
      await nodeA.close();
      await database.drop();
    }
  });
});
