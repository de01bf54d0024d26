import { AUTH_MESSAGES } from 'shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  bearer,
  buildTestApp,
  createUser,
  login,
  openTestSession,
  TEST_PASSWORD,
} from '../../../test/helper';
import { auditLog, users } from '../../db/schema';
import { AUTH_ERRORS } from '../../plugins/auth';
import { SESSION_ID, tokenPayload } from './sessions';

let app: FastifyInstance;

const SECRET = 'un-secret-de-test-assez-long-pour-hs256-0123456789';

beforeAll(async () => {
  app = await buildTestApp({ jwtSecret: SECRET });
});

/** Signs claims exactly as given (no exp or ver added), with the app's secret. */
function signRaw(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
afterAll(() => app.close());

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'Nouvel.Agent@Example.fr',
  password: 'Un-mot-de-passe-solide',
  nom: 'Lefèvre',
  prenom: 'Élodie',
  ...overrides,
});

const signup = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });
const postLogin = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

function decodeClaims(token: string): TokenClaims & Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}

describe('GET /api/health', () => {
  it('answers without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('POST /api/auth/signup', () => {
  it('creates an inactive agent account, audited without the password hash; login is then refused with 403', async () => {
    const response = await signup(signupBody());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.signedUp });
    expect(AUTH_MESSAGES.signedUp).toBe(
      "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
    );

    const [row] = await app.db.select().from(users).where(eq(users.email, 'nouvel.agent@example.fr'));
    expect(row).toMatchObject({ role: 'agent', active: false, nom: 'Lefèvre', prenom: 'Élodie' });
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row?.passwordHash).not.toContain('Un-mot-de-passe-solide');

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row?.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'user', action: 'signup', actorKind: 'user', before: null });
    expect(audit[0]?.after).toMatchObject({ email: 'nouvel.agent@example.fr', active: false, role: 'agent' });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash|password_hash/);

    const refused = await postLogin({ email: 'nouvel.agent@example.fr', password: 'Un-mot-de-passe-solide' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "Votre compte n'est pas encore activé. Contactez un administrateur.",
    });
  });

  it('refuses a second account with the same e-mail, whatever its case, with 409', async () => {
    await signup(signupBody({ email: 'double@example.fr' }));
    const response = await signup(signupBody({ email: 'DOUBLE@example.fr' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Un compte existe déjà avec cette adresse e-mail.' });
  });

  it('rejects an unknown field (no self-promotion to admin) with a French 400', async () => {
    const response = await signup(signupBody({ email: 'pirate@example.fr', role: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Le champ « role » n'est pas autorisé.", champ: 'role' });
    const rows = await app.db.select().from(users).where(eq(users.email, 'pirate@example.fr'));
    expect(rows).toHaveLength(0);
  });

  it('names a missing field', async () => {
    const { password: _password, ...body } = signupBody();
    const response = await signup(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le champ password est obligatoire.', champ: 'password' });
  });

  it('rejects an invalid e-mail', async () => {
    const response = await signup(signupBody({ email: 'pas-une-adresse' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Le champ email doit être une adresse e-mail valide.',
      champ: 'email',
    });
  });

  it('rejects a password shorter than the minimum', async () => {
    const response = await signup(signupBody({ email: 'court@example.fr', password: 'court' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Le champ password doit contenir au moins 10 caractères.',
      champ: 'password',
    });
  });

  it('rejects a name made of spaces', async () => {
    const response = await signup(signupBody({ email: 'espaces@example.fr', nom: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le champ nom est obligatoire.' });
  });

  it('rejects malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.fr",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le corps de la requête est invalide.' });
  });
});

describe('the sign-up rate limit (20 per 15 minutes and per address)', () => {
  const signupFrom = (remoteAddress: string, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, remoteAddress });

  it('does not count bodies the schema refuses: 25 malformed sign-ups, then a well-formed one is created', async () => {
    const address = '203.0.113.21';
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const malformed = await signupFrom(address, signupBody({ email: `pas-une-adresse-${attempt}` }));
      expect(malformed.statusCode).toBe(400);
    }
    const wellFormed = await signupFrom(address, signupBody({ email: 'apres-les-fautes@example.fr' }));
    expect(wellFormed.statusCode, wellFormed.body).toBe(201);
  });

  it('still stops the 21st well-formed sign-up from one address, and only that address', async () => {
    const address = '203.0.113.22';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const created = await signupFrom(address, signupBody({ email: `inscrit-${attempt}@example.fr` }));
      expect(created.statusCode, created.body).toBe(201);
    }
    const limited = await signupFrom(address, signupBody({ email: 'inscrit-de-trop@example.fr' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_MESSAGES.tooManySignups });
    const elsewhere = await signupFrom('203.0.113.23', signupBody({ email: 'ailleurs@example.fr' }));
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('returns a signed token with the user claims and a French welcome', async () => {
    const user = await createUser(app, { role: 'admin', prenom: 'Camille', nom: 'Martin' });
    const response = await postLogin({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; message: string }>();
    expect(body.message).toBe('Bienvenue, Camille !');
    expect(Object.keys(body).sort()).toEqual(['message', 'token']);

    const [header] = body.token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = decodeClaims(body.token);
    expect(claims).toMatchObject({
      sub: String(user.id),
      role: 'admin',
      name: 'Camille Martin',
      email: user.email,
      ver: 0,
    });
    expect(claims.sid).toMatch(SESSION_ID);
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(app);
    const wrongPassword = await postLogin({ email: user.email, password: 'pas le bon mot de passe' });
    const unknownEmail = await postLogin({ email: 'personne@example.fr', password: TEST_PASSWORD });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Adresse e-mail ou mot de passe incorrect.' });
    }
  });

  it('delays attempts on an account after its free failures, with a French 429', async () => {
    const user = await createUser(app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postLogin({ email: user.email, password: 'mauvais' });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await postLogin({ email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    // A progressive delay, not a 15-minute lock: after the 10 free failures, the next attempt waits 1 s.
    expect(limited.json()).toEqual({
      message: 'Trop de tentatives de connexion. Réessayez dans 1 seconde.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another account from the same address is not locked out.
    const other = await createUser(app);
    expect((await postLogin({ email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('never counts bodies the schema refuses: 200 of them do not keep the right password out', async () => {
    const user = await createUser(app);
    const malformed = [
      {},
      { email: user.email },
      { email: 'pas-une-adresse', password: 'x' },
      { password: '' },
    ];
    for (let request = 0; request < 200; request += 1) {
      const response = await postLogin(malformed[request % malformed.length]);
      expect(response.statusCode, `request ${request}`).toBe(400);
    }
    expect((await postLogin({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('never locks out successful logins: only failures count, and a success clears them', async () => {
    const user = await createUser(app);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const response = await postLogin({ email: user.email, password: TEST_PASSWORD });
      expect(response.statusCode, `login ${attempt}`).toBe(200);
    }
    for (let round = 1; round <= 2; round += 1) {
      for (let attempt = 1; attempt <= 9; attempt += 1) {
        expect((await postLogin({ email: user.email, password: 'mauvais' })).statusCode).toBe(401);
      }
      expect(
        (await postLogin({ email: user.email, password: TEST_PASSWORD })).statusCode,
        `round ${round}`,
      ).toBe(200);
    }
  });
});

describe('GET /api/auth/me', () => {
  it('returns the current user, without the password hash', async () => {
    const user = await createUser(app, { role: 'agent', prenom: 'Julien', nom: 'Bernard' });
    const token = await login(app, user.email);
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      email: user.email,
      nom: 'Bernard',
      prenom: 'Julien',
      role: 'agent',
      active: true,
    });
  });

  it('requires a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_ERRORS.missingToken });
  });

  it.each([
    ['garbage', 'Bearer pas-un-jeton'],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    [
      'foreign signature',
      `Bearer ${'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjo0MTAyNDQ0ODAwfQ.'}${'x'.repeat(43)}`,
    ],
  ])('rejects a %s token with 401', async (_label, authorization) => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
  });

  it('rejects an expired token', async () => {
    const user = await createUser(app);
    const sid = await openTestSession(app, user.id);
    const expired = app.jwt.sign(tokenPayload(user, sid), { clockTimestamp: Date.now() - 13 * 3600 * 1000 });
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
  });

  it('a token already accepted (its signature remembered) is refused once it expires, and once its user is deactivated', async () => {
    const user = await createUser(app);
    await app.ready();
    const shortLived = app.jwt.sign(tokenPayload(user, await openTestSession(app, user.id)), {
      clockTimestamp: Date.now() - 12 * 3600 * 1000 + 5_000,
    });
    expect((await me(shortLived)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5_200));
    const expired = await me(shortLived);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: AUTH_ERRORS.invalidToken });

    const token = await login(app, user.email);
    expect((await me(token)).statusCode).toBe(200);
    await app.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: AUTH_ERRORS.inactiveUser });
  });

  it('rejects the token of a user deactivated or deleted since it was issued', async () => {
    const deactivated = await createUser(app);
    const deactivatedToken = await login(app, deactivated.email);
    await app.db.update(users).set({ active: false }).where(eq(users.id, deactivated.id));
    const first = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(deactivatedToken) });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: AUTH_ERRORS.inactiveUser });

    const deleted = await createUser(app);
    const deletedToken = await login(app, deleted.email);
    await app.db.delete(users).where(eq(users.id, deleted.id));
    const second = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(deletedToken) });
    expect(second.statusCode).toBe(401);
  });
});

describe('token revocation', () => {
  it('requires a token to log out', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_ERRORS.missingToken });
  });

  it('refuses a well-signed token without exp, ver or sid, with a ver or sid of the wrong type or value', async () => {
    const user = await createUser(app);
    const claims = {
      ...tokenPayload(user, await openTestSession(app, user.id)),
      iat: Math.floor(Date.now() / 1000),
    };
    const exp = claims.iat + 3600;
    expect((await me(signRaw({ ...claims, exp }))).statusCode).toBe(200);
    const someoneElse = await createUser(app);
    for (const forged of [
      signRaw(claims),
      signRaw({ ...claims, exp, ver: undefined }),
      signRaw({ ...claims, exp, ver: '0' }),
      signRaw({ ...claims, exp, ver: 1 }),
      signRaw({ ...claims, exp, sid: undefined }),
      signRaw({ ...claims, exp, sid: 'pas-une-session' }),
      signRaw({ ...claims, exp, sid: 42 }),
      // A session that exists, but is another user's.
      signRaw({ ...claims, exp, sid: await openTestSession(app, someoneElse.id) }),
    ]) {
      const response = await me(forged);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_ERRORS.invalidToken });
    }
  });

  it('refuses the token of an unknown user', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const token = signRaw({
      sub: '2147480000',
      role: 'admin',
      name: 'X',
      email: 'x@x.fr',
      ver: 0,
      sid: '00000000-0000-4000-8000-000000000000',
      iat,
      exp: iat + 60,
    });
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_ERRORS.inactiveUser });
  });
});
