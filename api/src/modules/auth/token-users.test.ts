import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { bearer, createTestDatabase, createUser, login } from '../../../test/helper';
import { listenerStandIn } from '../../../test/listener-stand-in';
import { buildApp } from '../../app';
import { users, type UserRow } from '../../db/schema';
import { AUTH_ERRORS } from '../../plugins/auth';
import { tokenUsers, USERS_CHANNEL } from './token-users';

/** A stand-in of the listening connection (the real one is tested below and in notification-connection.test.ts). */
const standIn = () => listenerStandIn(USERS_CHANNEL);

const row = (id: number, tokenVersion = 0) => ({ id, active: true, tokenVersion }) as UserRow;

describe('tokenUsers', () => {
  it('reads a user once between two notifications, syncing before every answer', async () => {
    const { app, sync, notify } = standIn();
    let version = 0;
    const read = vi.fn(async (id: number) => row(id, version));
    const byId = await tokenUsers(app, read);
    expect(await byId(7)).toEqual({ user: row(7, 0), synced: true });
    expect(await byId(7)).toEqual({ user: row(7, 0), synced: true });
    expect(read).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(2);
    version = 1;
    notify();
    expect((await byId(7)).user?.tokenVersion).toBe(1);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a user read while a notification arrived (its row may predate the change)', async () => {
    const { app, notify } = standIn();
    let version = 0;
    const read = vi.fn(async (id: number) => {
      const answer = row(id, version);
      version = 1;
      notify();
      return answer;
    });
    const byId = await tokenUsers(app, read);
    expect((await byId(3)).user?.tokenVersion).toBe(0);
    expect((await byId(3)).user?.tokenVersion).toBe(1);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps an unknown user as unknown until a notification (an account created later counts)', async () => {
    const { app, notify } = standIn();
    let exists = false;
    const read = vi.fn(async (id: number) => (exists ? row(id) : undefined));
    const byId = await tokenUsers(app, read);
    expect((await byId(9)).user).toBeUndefined();
    expect((await byId(9)).user).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
    exists = true;
    notify();
    expect((await byId(9)).user?.id).toBe(9);
  });

  it('keeps at most its bound, the least recently read going first', async () => {
    const { app } = standIn();
    const read = vi.fn(async (id: number) => row(id));
    const byId = await tokenUsers(app, read, 2);
    await byId(1);
    await byId(2);
    await byId(1);
    await byId(3);
    read.mockClear();
    await byId(1);
    expect(read).not.toHaveBeenCalled();
    await byId(2);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads every request from the database, unsynced, once the listening connection is lost', async () => {
    const { app, sync, lose } = standIn();
    const read = vi.fn(async (id: number) => row(id));
    const byId = await tokenUsers(app, read);
    await byId(1);
    lose();
    sync.mockClear();
    expect(await byId(1)).toEqual({ user: row(1), synced: false });
    expect(await byId(1)).toEqual({ user: row(1), synced: false });
    expect(read).toHaveBeenCalledTimes(3);
    expect(sync).not.toHaveBeenCalled();
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

      // A logout on node A (the token version rises).
      const logout = await nodeA.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect(logout.statusCode).toBe(200);
      const revoked = await me(nodeB, first);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ message: AUTH_ERRORS.invalidToken });

      // A role changed outside the API (psql): its trigger raises the token version (migration 0004).
      const second = await login(nodeA, user.email);
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
