import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, login, userToken } from '../../../test/helper';
import { auditLog, users } from '../../db/schema';
import { AUTH_ERRORS } from '../../plugins/auth';

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
      'statut',
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

    // Reactivation gives the account back, not the token signed before the deactivation.
    expect((await activation(target.id, { active: true })).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    const fresh = await login(app, target.email);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
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
    expect(extra.json()).toEqual({ message: "Le champ « role » n'est pas autorisé.", champ: 'role' });

    const missingField = await activation(target.id, {});
    expect(missingField.json()).toEqual({ message: 'Le champ active est obligatoire.', champ: 'active' });
  });
});

describe('GET /api/users: search and role filter', () => {
  it('searches nom, prénom and e-mail case-insensitively, and filters on the role', async () => {
    const marker = `zz${Date.now().toString(36)}`;
    const a = await createUser(app, { nom: `Quintin${marker}`, role: 'admin' });
    const b = await createUser(app, { email: `${marker}@exemple.fr`, role: 'agent' });
    const list = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/users?${query}`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ users: { id: number }[]; total: number }>();
    };
    const found = await list(`search=${marker.toUpperCase()}`);
    expect(found.users.map((user) => user.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.total).toBe(2);
    expect((await list(`search=${marker}&role=admin`)).users.map((user) => user.id)).toEqual([a.id]);
    expect((await list('search=%25_introuvable')).total).toBe(0);
    const badRole = await app.inject({
      method: 'GET',
      url: '/api/users?role=chef',
      headers: bearer(adminToken),
    });
    expect(badRole.json()).toEqual({ message: 'Le paramètre role est invalide.' });
  });
});

describe('GET /api/users: accents and status', () => {
  const list = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/users?${query}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ users: { id: number; statut: string }[]; total: number }>();
  };

  it('searches regardless of accents and case, both ways (« helene » finds Hélène, « ÉLO » finds Elodie)', async () => {
    const marker = `acc${Date.now().toString(36)}`;
    const helene = await createUser(app, { prenom: 'Hélène', nom: `Lefèvre${marker}` });
    const elodie = await createUser(app, { prenom: 'Elodie', nom: `Cœur${marker}` });
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&pageSize=100`)).users.map((user) => user.id);
    expect(await ids(`helene`)).toContain(helene.id);
    expect(await ids(`LEFEVRE${marker}`)).toEqual([helene.id]);
    expect(await ids(`ÉLODIE`)).toContain(elodie.id);
    expect(await ids(`coeur${marker}`)).toEqual([elodie.id]);
    expect(await ids(`Lèfevre${marker}`)).toEqual([helene.id]);
  });

  it('tells « actif », « en attente » (never activated) and « désactivé » apart, and filters on them', async () => {
    const marker = `st${Date.now().toString(36)}`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `${marker}@exemple.fr`,
        password: 'Inscription!2025',
        nom: marker,
        prenom: 'Nouvelle',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const active = await createUser(app, { nom: marker });
    const shutOut = await createUser(app, { nom: marker });
    expect((await activation(shutOut.id, { active: false })).statusCode).toBe(200);
    const statuses = Object.fromEntries(
      (await list(`search=${marker}`)).users.map((user) => [user.id, user.statut]),
    );
    const pending = (await list(`search=${marker}&statut=en_attente`)).users;
    expect(pending).toHaveLength(1);
    expect(statuses).toEqual({
      [active.id]: 'actif',
      [shutOut.id]: 'desactive',
      [pending[0]!.id]: 'en_attente',
    });
    expect((await list(`search=${marker}&statut=actif`)).users.map((user) => user.id)).toEqual([active.id]);
    expect((await list(`search=${marker}&statut=desactive`)).users.map((user) => user.id)).toEqual([
      shutOut.id,
    ]);
    // Activated, a pending account is active; deactivated again, it is « désactivé », no longer pending.
    expect((await activation(pending[0]!.id, { active: true })).statusCode).toBe(200);
    expect((await activation(pending[0]!.id, { active: false })).statusCode).toBe(200);
    expect((await list(`search=${marker}&statut=en_attente`)).total).toBe(0);
    expect((await list(`search=${marker}&statut=desactive`)).total).toBe(2);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/users?statut=bloque',
      headers: bearer(adminToken),
    });
    expect(bad.json()).toEqual({ message: 'Le paramètre statut est invalide.' });
  });
});

describe('POST /api/users', () => {
  const create = (payload: Record<string, unknown>, token = adminToken) =>
    app.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload });
  const body = (email: string) => ({
    email,
    nom: 'Petit',
    prenom: 'Inès',
    role: 'agent',
    password: 'Provisoire!2025',
  });

  it('creates an active account that can log in at once, audited without the password', async () => {
    const response = await create({ ...body('Ines.Petit@Exemple.fr'), role: 'admin' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{
      message: string;
      data: { id: number; email: string; active: boolean };
    }>();
    expect(created.message).toBe('Le compte de Inès Petit (administrateur) a été créé.');
    expect(created.data).toMatchObject({ email: 'ines.petit@exemple.fr', role: 'admin', active: true });
    await login(app, 'ines.petit@exemple.fr', 'Provisoire!2025');
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(created.data.id))));
    expect(audit).toMatchObject([{ action: 'create', actorUserId: adminId }]);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|Provisoire|password/i);
  });

  it('answers 409 to a taken e-mail, 400 to a short password or an unknown field, 403 to agents', async () => {
    expect((await create(body('doublon@exemple.fr'))).statusCode).toBe(201);
    const duplicate = await create(body('DOUBLON@exemple.fr'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'Un compte existe déjà avec cette adresse e-mail.' });
    const short = await create({ ...body('court@exemple.fr'), password: 'court' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Le champ password doit contenir au moins 10 caractères.',
      champ: 'password',
    });
    const extra = await create({ ...body('extra@exemple.fr'), active: false });
    expect(extra.json()).toEqual({ message: "Le champ « active » n'est pas autorisé.", champ: 'active' });
    const blank = await create({ ...body('blanc@exemple.fr'), nom: '   ' });
    expect(blank.json()).toEqual({ message: 'Le champ nom est obligatoire.', champ: 'nom' });
    const forbidden = await create(body('agent-cree@exemple.fr'), agentToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(FORBIDDEN);
  });
});

describe('PUT /api/users/:id/role and /api/users/:id/password', () => {
  const put = (path: string, payload: unknown, token = adminToken) =>
    app.inject({
      method: 'PUT',
      url: `/api/users${path}`,
      headers: bearer(token),
      payload: payload as object,
    });

  it("changes another user's role, effective at their next login (earlier tokens revoked), audited", async () => {
    const target = await createUser(app, { prenom: 'Hugo', nom: 'Roux' });
    const token = await login(app, target.email);
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(
      403,
    );
    const response = await put(`/${target.id}/role`, { role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Hugo Roux a maintenant le rôle administrateur.' });
    const revoked = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    const promoted = await login(app, target.email);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(promoted) })).statusCode,
    ).toBe(200);
    const again = await put(`/${target.id}/role`, { role: 'admin' });
    expect(again.json()).toEqual({ message: 'Hugo Roux a déjà le rôle administrateur.' });
    // Nothing changed: the token signed after the promotion stays valid.
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(promoted) })).statusCode,
    ).toBe(200);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(target.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'role', before: { role: 'agent' }, after: { role: 'admin' } });
  });

  it('refuses to change your own role, an unknown role or user, and agents', async () => {
    const own = await put(`/${adminId}/role`, { role: 'agent' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'Vous ne pouvez pas modifier votre propre rôle.' });
    expect((await put('/999999/role', { role: 'agent' })).statusCode).toBe(404);
    const badRole = await put(`/999999/role`, { role: 'superadmin' });
    expect(badRole.json()).toEqual({ message: 'Le champ role est invalide.', champ: 'role' });
    const target = await createUser(app);
    expect((await put(`/${target.id}/role`, { role: 'admin' }, agentToken)).statusCode).toBe(403);
  });

  it('resets a password: the old one and every earlier token stop working, the new one works; audited without secrets', async () => {
    const target = await createUser(app, { prenom: 'Léa', nom: 'Blanc' });
    const token = await login(app, target.email);
    const response = await put(`/${target.id}/password`, { password: 'Nouveau!Secret2025' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Le mot de passe de Léa Blanc a été réinitialisé.' });
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: 'Motdepasse!2024' },
    });
    expect(old.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    await login(app, target.email, 'Nouveau!Secret2025');
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(target.id))));
    expect(audit).toMatchObject([{ action: 'password_reset', actorUserId: adminId }]);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|Nouveau|password_hash|passwordHash/);
  });

  it('validates the new password, and is for administrators only', async () => {
    const target = await createUser(app);
    const short = await put(`/${target.id}/password`, { password: '123456789' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Le champ password doit contenir au moins 10 caractères.',
      champ: 'password',
    });
    expect((await put('/999999/password', { password: 'Nouveau!Secret2025' })).statusCode).toBe(404);
    const forbidden = await put(`/${target.id}/password`, { password: 'Nouveau!Secret2025' }, agentToken);
    expect(forbidden.statusCode).toBe(403);
  });
});
