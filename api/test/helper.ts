import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role, TokenClaims } from 'shared/contract';
import { expect, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { DatabaseOptions } from '../src/db/client';
import { userSessions, users, type UserRow } from '../src/db/schema';
import type { ScryptParams } from '../src/modules/auth';
import { databaseUrl, onServer } from './test-server';

/** Cheap scrypt for tests (about 1 ms a hash). Production uses OWASP_SCRYPT_PARAMS; see password.test.ts. */
export const FAST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1, keyLength: 64, saltLength: 16 };

export const TEST_PASSWORD = 'Motdepasse!2024';
/** hashPassword(TEST_PASSWORD, FAST_SCRYPT), computed once: createUser then costs no hashing at all. */
export const TEST_PASSWORD_HASH =
  'scrypt$1024$8$1$0QQgoWLC/n9In/rWAVsrZA==$BTUjZK8mdIqL/SCdov71lX/rfeRlTCXxearjVk+8PfFZB7zu45qKfeRGXj7SyMpnuazmjQZlTuQshZYBmtH+FQ==';

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

/**
 * A fresh database, cloned from this run's migrated template on the run's PostgreSQL server (test/global-setup.ts:
 * the embedded server, or TEST_DATABASE_URL), randomly named; `drop` removes it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = inject('testDatabase');
  const name = `ebas3_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${template}`);
  return {
    options: { kind: 'postgres', url: databaseUrl(serverUrl, name), maxConnections: 4 },
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The suite's own exports render at normal priority: under SCHED_IDLE they only get the CPU the other suites running
 * beside them leave (CI runs two lanes on two cores) and timed out. The priority tests ask for `idle` themselves;
 * servers started as processes get EXPORT_PRIORITY=normal from vitest.config.ts.
 */
const SUITE_EXPORT_RENDER = { priority: 'normal' } as const;

/** Builds the app on a fresh database; closing the app drops that database. */
export async function buildTestApp(overrides: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  try {
    const app = await buildApp({
      database: database.options,
      passwordHashing: FAST_SCRYPT,
      exportRender: SUITE_EXPORT_RENDER,
      ...overrides,
    });
    app.addHook('onClose', () => database.drop());
    // Not ready yet: a test may still register routes or plugins; inject() readies it.
    return app;
  } catch (error) {
    await database.drop();
    throw error;
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in through the API and returns the token; fails the test with the API's message otherwise. */
export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** The claims of a token (not verified). */
export const tokenClaims = (token: string): TokenClaims =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;

/**
 * Opens a session for the user directly (no login), valid until `expiresAt` (a day by default), and returns its id:
 * for the tests that sign tokens of their own (an expiry in the past, chosen claims).
 */
export async function openTestSession(
  app: FastifyInstance,
  userId: number,
  expiresAt = new Date(Date.now() + 24 * 3600 * 1000),
): Promise<string> {
  const sid = randomUUID();
  await app.db.insert(userSessions).values({ id: sid, userId, expiresAt });
  return sid;
}

let userCounter = 0;

/** Inserts a user directly (no scrypt: the hash is TEST_PASSWORD_HASH). The password is TEST_PASSWORD. */
export async function createUser(
  app: FastifyInstance,
  values: { role?: Role; active?: boolean; email?: string; nom?: string; prenom?: string } = {},
): Promise<UserRow> {
  userCounter += 1;
  const [row] = await app.db
    .insert(users)
    .values({
      email: values.email ?? `utilisateur${userCounter}.${randomBytes(3).toString('hex')}@test.fr`,
      passwordHash: TEST_PASSWORD_HASH,
      nom: values.nom ?? 'Durand',
      prenom: values.prenom ?? `Test${userCounter}`,
      role: values.role ?? 'agent',
      active: values.active ?? true,
    })
    .returning();
  if (row === undefined) throw new Error('createUser: no row returned');
  return row;
}

/** Creates an active user of the role and returns its token. */
export async function userToken(app: FastifyInstance, role: Role): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(app, { role });
  return { user, token: await login(app, user.email) };
}
