import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  createUser,
  FAST_SCRYPT,
  login,
} from '../../../test/helper';
import { buildApp } from '../../app';
import { appSettings } from '../../db/schema';
import { JWT_SECRET_SETTING, resolveJwtSecret } from './jwt-secret';

describe('JWT secret without a data dir (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('is generated once and kept in app_settings', async () => {
    const rows = await app.db.select().from(appSettings).where(eq(appSettings.key, JWT_SECRET_SETTING));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value.length).toBeGreaterThanOrEqual(64);
    const again = await resolveJwtSecret({ configured: undefined, dataDir: undefined, db: app.db });
    expect(again).toBe(rows[0]?.value);
  });

  it('prefers JWT_SECRET when configured', async () => {
    const configured = 'x'.repeat(48);
    expect(await resolveJwtSecret({ configured, dataDir: undefined, db: app.db })).toBe(configured);
  });
});

describe('several API nodes on one PostgreSQL', () => {
  it('share the generated secret: a token from one node is valid on the other', async () => {
    const database = await createTestDatabase();
    const [nodeA, nodeB] = await Promise.all([
      buildApp({ database: database.options, passwordHashing: FAST_SCRYPT }),
      buildApp({ database: database.options, passwordHashing: FAST_SCRYPT }),
    ]);
    try {
      const user = await createUser(nodeA);
      const token = await login(nodeA, user.email);
      const me = await nodeB.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close()]);
      await database.drop();
    }
  });
});
