import { AUTH_MESSAGES } from 'shared/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  login,
  TEST_PASSWORD,
  tokenClaims,
  userToken,
} from '../../../test/helper';
import { auditLog, userSessions, users } from '../../db/schema';
import { AUTH_ERRORS } from '../../plugins/auth';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const post = (url: string, token: string) => app.inject({ method: 'POST', url, headers: bearer(token) });
const changePassword = (token: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/auth/password',
    headers: bearer(token),
    payload: payload as object,
  });
const postLogin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const auditOf = (userId: number, action: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId)), eq(auditLog.action, action)),
    );

describe('POST /api/auth/logout: this session only', () => {
  it('revokes the token it is sent with; the same user on another device stays signed in', async () => {
    const user = await createUser(app);
    const laptop = await login(app, user.email);
    const phone = await login(app, user.email);
    expect(tokenClaims(laptop).sid).not.toBe(tokenClaims(phone).sid);

    const response = await post('/api/auth/logout', laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Vous êtes déconnecté.' });

    const revoked = await me(laptop);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    expect((await post('/api/auth/logout', laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);

    const [session] = await app.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, tokenClaims(laptop).sid));
    expect(session?.revokedAt).toBeInstanceOf(Date);
    const audit = await auditOf(user.id, 'logout');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'user', actorUserId: user.id });
    expect(audit[0]?.after).toEqual({ session: tokenClaims(laptop).sid });
  });

  it("touches no other user's session, and the token version stays", async () => {
    const other = await userToken(app, 'agent');
    const user = await createUser(app);
    await post('/api/auth/logout', await login(app, user.email));
    expect((await me(other.token)).statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.tokenVersion).toBe(0);
  });

  it("opens a session per login, with the token's expiry, and drops the user's expired ones at the next login", async () => {
    const user = await createUser(app);
    const token = await login(app, user.email);
    const [session] = await app.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, tokenClaims(token).sid));
    expect(session).toMatchObject({ userId: user.id, revokedAt: null });
    expect(session?.expiresAt.getTime()).toBe(tokenClaims(token).exp * 1000);

    await app.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, user.id));
    await login(app, user.email);
    const left = await app.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]?.id).not.toBe(tokenClaims(token).sid);
  });
});

describe('POST /api/auth/logout-all: « Déconnecter toutes mes sessions »', () => {
  it('ends every session of the user, this one included; the next login works', async () => {
    const user = await createUser(app);
    const first = await login(app, user.email);
    const second = await login(app, user.email);
    const other = await userToken(app, 'agent');

    const response = await post('/api/auth/logout-all', second);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.loggedOutEverywhere });
    for (const token of [first, second]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    }
    const open = await app.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect(await auditOf(user.id, 'logout_all')).toHaveLength(1);

    const fresh = await login(app, user.email);
    expect(tokenClaims(fresh).ver).toBe(1);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout-all' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_ERRORS.missingToken });
  });
});

describe('PUT /api/auth/password: the user changes their own password', () => {
  const NEW_PASSWORD = 'Un-nouveau-mot-de-passe';

  it('requires the current password: a wrong one answers 400 (not 401: the session goes on) and changes nothing', async () => {
    const user = await createUser(app);
    const token = await login(app, user.email);
    const response = await changePassword(token, { currentPassword: 'pas le bon', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le mot de passe actuel est incorrect.' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await auditOf(user.id, 'password_change')).toHaveLength(0);
  });

  it("sets the new password, keeps this session with a new token and ends the user's other sessions", async () => {
    const user = await createUser(app);
    const here = await login(app, user.email);
    const elsewhere = await login(app, user.email);

    const response = await changePassword(here, { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; token: string }>();
    expect(body.message).toBe('Votre mot de passe a été modifié. Vos autres sessions ont été fermées.');
    expect(tokenClaims(body.token)).toMatchObject({ sid: tokenClaims(here).sid, ver: 1 });

    expect((await me(body.token)).statusCode).toBe(200);
    // The token version rose: the old token of this very session is refused too, and the other session is ended.
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    const [other] = await app.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, tokenClaims(elsewhere).sid));
    expect(other?.revokedAt).toBeInstanceOf(Date);

    expect((await postLogin(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await postLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const audit = await auditOf(user.id, 'password_change');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'user', actorUserId: user.id });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash|password_hash/);
  });

  it('refuses the same password, and validates the body in French', async () => {
    const user = await createUser(app);
    const token = await login(app, user.email);
    const same = await changePassword(token, { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: "Le nouveau mot de passe doit être différent de l'actuel." });

    const short = await changePassword(token, { currentPassword: TEST_PASSWORD, password: 'court' });
    expect(short.json()).toEqual({
      message: 'Le champ password doit contenir au moins 10 caractères.',
      champ: 'password',
    });
    const missing = await changePassword(token, { password: NEW_PASSWORD });
    expect(missing.json()).toEqual({
      message: 'Le champ currentPassword est obligatoire.',
      champ: 'currentPassword',
    });
    const extra = await changePassword(token, {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: "Le champ « role » n'est pas autorisé.", champ: 'role' });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('what still ends every session', () => {
  it("an administrator's new password or deactivation for the user", async () => {
    const admin = await userToken(app, 'admin');
    const user = await createUser(app);
    const tokens = [await login(app, user.email), await login(app, user.email)];
    const reset = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      headers: bearer(admin.token),
      payload: { password: 'Temporaire-2024' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);

    const again = [
      await login(app, user.email, 'Temporaire-2024'),
      await login(app, user.email, 'Temporaire-2024'),
    ];
    const deactivation = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}/activation`,
      headers: bearer(admin.token),
      payload: { active: false },
    });
    expect(deactivation.statusCode, deactivation.body).toBe(200);
    for (const token of again) expect((await me(token)).statusCode).toBe(401);
  });
});

describe('wrong current passwords count as failed logins', () => {
  it('delays further attempts on the account once its free failures are used (429)', async () => {
    const throttled = await buildTestApp({ loginThrottle: { accountFreeFailures: 2 } });
    try {
      const user = await createUser(throttled);
      const token = await login(throttled, user.email);
      // The owner's own address is exempt from the account's delays until it fails as often itself: 2 here.
      const attempt = () =>
        throttled.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: bearer(token),
          payload: { currentPassword: 'mauvais', password: 'Un-nouveau-mot-de-passe' },
        });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await throttled.close();
    }
  });
});
