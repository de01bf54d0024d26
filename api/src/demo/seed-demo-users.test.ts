import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login } from '../../test/helper';
import { auditLog, users } from '../db/schema';
import { DEMO_ACCOUNTS, seedDemoUsers } from './seed-demo-users';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ demoMode: false });
  await app.ready();
});
afterAll(() => app.close());

describe('demo users', () => {
  it('are not created when demo mode is off', async () => {
    expect(app.demoSeed).toBeNull();
    expect(await app.db.select().from(users)).toHaveLength(0);
  });

  it('are not created when an administrator already exists', async () => {
    const admin = await createUser(app, { role: 'admin', email: 'responsable@client.fr' });
    expect(await seedDemoUsers(app.db, app.passwordHasher)).toEqual({ created: [], available: [] });
    expect(await app.db.select().from(users)).toHaveLength(1);
    await app.db.delete(users).where(eq(users.id, admin.id));
  });

  it('are created once, active, audited as the system, and can log in', async () => {
    const first = await seedDemoUsers(app.db, app.passwordHasher);
    expect(first.created).toEqual(['admin@ebas3.fr', 'agent@ebas3.fr']);
    expect(first.available).toEqual(DEMO_ACCOUNTS);

    const second = await seedDemoUsers(app.db, app.passwordHasher);
    expect(second.created).toEqual([]);
    expect(second.available).toEqual(DEMO_ACCOUNTS);

    const rows = await app.db.select().from(users).orderBy(users.id);
    expect(
      rows.map(({ email, role, active, prenom, nom }) => ({ email, role, active, prenom, nom })),
    ).toEqual([
      { email: 'admin@ebas3.fr', role: 'admin', active: true, prenom: 'Camille', nom: 'Martin' },
      { email: 'agent@ebas3.fr', role: 'agent', active: true, prenom: 'Julien', nom: 'Bernard' },
    ]);

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'demo-seed'));
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.actorKind === 'system' && row.actorUserId === null)).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash|password_hash/);

    await login(app, 'admin@ebas3.fr', 'Admin!2023');
    await login(app, 'agent@ebas3.fr', 'Agent!2023');
  });
});

describe('buildApp({ demoMode: true })', () => {
  let seeded: FastifyInstance;
  afterAll(() => seeded?.close());

  it('seeds at start-up', async () => {
    seeded = await buildTestApp({ demoMode: true });
    expect(seeded.demoSeed?.created).toEqual(['admin@ebas3.fr', 'agent@ebas3.fr']);
  });
});
