import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, login, userToken } from '../../../test/helper';
import { auditLog, users } from '../../db/schema';

let app: FastifyInstance;
let adminToken: string;
let adminId: number;
let agentToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await userToken(app, 'admin');
  adminToken = admin.token;
  adminId = admin.user.id;
  agentToken = (await userToken(app, 'agent')).token;
});
afterAll(() => app.close());

const FORBIDDEN = { message: "Vous n'êtes pas autorisé à accéder à cette ressource." };

const activation = (id: number | string, payload: unknown, token = adminToken) =>
  app.inject({
    method: 'PUT',
    url: `/api/users/${id}/activation`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('GET /api/users', () => {
  it('requires a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
  });

  it('is forbidden to agents', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(agentToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('lists users page by page for an administrator, without password hashes', async () => {
    await createUser(app, { nom: 'Zola' });
    const total = (await app.db.select().from(users)).length;

    const first = await app.inject({
      method: 'GET',
      url: '/api/users?page=1&pageSize=2',
      headers: bearer(adminToken),
    });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ users: Record<string, unknown>[]; total: number }>();
    expect(page.total).toBe(total);
    expect(page.users).toHaveLength(2);
    expect(Object.keys(page.users[0] ?? {}).sort()).toEqual([
      'active',
      'email',
      'id',
      'nom',
      'prenom',
      'role',
    ]);
    expect(first.body).not.toContain('scrypt');

    const last = await app.inject({
      method: 'GET',
      url: `/api/users?page=${Math.ceil(total / 2)}&pageSize=2`,
      headers: bearer(adminToken),
    });
    const lastPage = last.json<{ users: { nom: string }[] }>();
    expect(lastPage.users.at(-1)?.nom).toBe('Zola');
  });

  it('validates the query in French', async () => {
    const tooSmall = await app.inject({
      method: 'GET',
      url: '/api/users?pageSize=0',
      headers: bearer(adminToken),
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toEqual({ message: 'Le paramètre pageSize doit être supérieur ou égal à 1.' });

    const unknown = await app.inject({
      method: 'GET',
      url: '/api/users?tri=nom',
      headers: bearer(adminToken),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Le paramètre « tri » n'est pas autorisé." });
  });
});

describe('PUT /api/users/:id/activation', () => {
  it('is forbidden to agents and changes nothing', async () => {
    const target = await createUser(app, { active: false });
    const response = await activation(target.id, { active: true }, agentToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
    const [row] = await app.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.active).toBe(false);
  });

  it('activates an account, audited in the same transaction without the password hash', async () => {
    const target = await createUser(app, { active: false, prenom: 'Élodie', nom: 'Lefèvre' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: 'Motdepasse!2024' },
    });
    expect(refused.statusCode).toBe(403);

    const response = await activation(target.id, { active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Le compte de Élodie Lefèvre a été activé.' });

    const [row] = await app.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.active).toBe(true);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(target.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'activate', actorKind: 'user', actorUserId: adminId });
    expect(audit[0]?.before).toMatchObject({ id: target.id, active: false });
    expect(audit[0]?.after).toMatchObject({ id: target.id, active: true });
    expect(audit[0]?.at).toBeInstanceOf(Date);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash|password_hash/);

    await login(app, target.email);
  });

  it("deactivates an account: the user's existing token stops working", async () => {
    const target = await createUser(app);
    const token = await login(app, target.email);
    const response = await activation(target.id, { active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `Le compte de ${target.prenom} ${target.nom} a été désactivé.`,
    });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses to let an administrator deactivate their own account', async () => {
    const response = await activation(adminId, { active: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Vous ne pouvez pas désactiver votre propre compte.' });
  });

  it('answers 404 for an unknown user and 400 for a malformed id or body', async () => {
    const missing = await activation(999_999, { active: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Utilisateur introuvable.' });

    const badId = await activation('abc', { active: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Le paramètre id est invalide.' });

    const target = await createUser(app, { active: false });
    const extra = await activation(target.id, { active: true, role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: "Le champ « role » n'est pas autorisé." });

    const missingField = await activation(target.id, {});
    expect(missingField.json()).toEqual({ message: 'Le champ active est obligatoire.' });
  });
});
