import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PROVIDES_FILE, type Provides } from 'shared/contract/compatibility';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { releasePointers } from '../../db/schema';
import { ConflictError } from '../../errors';
import { openApiOperations, routeTableOperations } from './compatibility';
import { registryDriver, releaseJson } from './releases.fixture';
import { createReleasesService } from './service';

let app: FastifyInstance;
let admin: string;
let hostDist: string;
const CLI = { kind: 'cli', name: 'cli:test' } as const;

const HOST: Provides = {
  singletons: { react: '19.3.1', 'react-dom': '19.3.1' },
  antd: ['Table'],
  exports: { shared: ['apiClient'] },
  permissions: ['manageUsers'],
  federation: '2.9.1',
};

const { register, promote, liveId, eventCount } = registryDriver(
  () => app,
  () => admin,
);

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  hostDist = mkdtempSync(join(tmpdir(), 'ebas3-host-dist-'));
  writeFileSync(join(hostDist, PROVIDES_FILE), JSON.stringify(HOST));
});
afterAll(async () => {
  await app.close();
  rmSync(hostDist, { recursive: true, force: true });
});

describe('promote refuses an incompatible release (issue 38 §4)', () => {
  it('names an API operation the running API does not have: 409, nothing changed', async () => {
    expect(
      (await register('mf-stats', 'ok1', { requirements: { api: ['GET /stats/pax'] } })).statusCode,
    ).toBe(201);
    expect((await promote('mf-stats', 'ok1')).statusCode).toBe(200);
    const requirements = { api: ['GET /stats/pax', 'DELETE /stats/tout'] };
    expect((await register('mf-stats', 'bad1', { requirements })).statusCode).toBe(201);
    const events = await eventCount();
    const refused = await promote('mf-stats', 'bad1');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      "La version bad1 de mf-stats est incompatible : opération d'API DELETE /stats/tout requise, l'API ne la fournit pas. Rien n'a changé.",
    );
    expect(await liveId('mf-stats')).toBe('ok1');
    expect(await eventCount()).toBe(events);

    // As a canary (beside a live release): the same refusal, no canary started, no trail row.
    const canary = await app.inject({
      method: 'POST',
      url: '/api/registry/mf-stats/promote',
      headers: bearer(admin),
      payload: { id: 'bad1', canary: 10 },
    });
    expect(canary.statusCode, canary.body).toBe(409);
    expect(canary.json<{ message: string }>().message).toBe(refused.json<{ message: string }>().message);
    const [pointer] = await app.db
      .select()
      .from(releasePointers)
      .where(eq(releasePointers.remote, 'mf-stats'));
    expect(pointer).toMatchObject({ liveId: 'ok1', canaryId: null, canaryPercent: null });
    expect(await eventCount()).toBe(events);
  });

  it('checks against the host build on disk when no host release is live', async () => {
    const registry = createReleasesService(app.db, { hostBuildDir: () => hostDist });
    await registry.register(
      releaseJson('mf-demandes', 'd20', { requirements: { singletons: { react: '^20.0.0' } } }),
      CLI,
    );
    await registry.register(
      releaseJson('mf-demandes', 'd19', { requirements: { singletons: { react: '^19.0.0' } } }),
      CLI,
    );
    const refusal = registry.promote('mf-demandes', 'd20', {}, CLI);
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(refusal).rejects.toThrow(
      `La version d20 de mf-demandes est incompatible avec la construction ${join(hostDist, PROVIDES_FILE)} : react ^20.0.0 requis, l'hôte fournit 19.3.1. Rien n'a changé.`,
    );
    await expect(registry.promote('mf-demandes', 'd20', { canary: 10 }, CLI)).rejects.toThrow(
      'react ^20.0.0 requis',
    );
    expect(await liveId('mf-demandes')).toBeNull();
    await expect(registry.promote('mf-demandes', 'd19', {}, CLI)).resolves.toMatchObject({
      status: { live: { id: 'd19' } },
    });
  });

  it('prefers the live host release’s « provides » to the build on disk', async () => {
    const registry = createReleasesService(app.db, { hostBuildDir: () => hostDist });
    const host20 = { ...HOST, singletons: { react: '20.1.0' } };
    await registry.register(releaseJson('host-shell', 'h20', { provides: host20 }), CLI);
    await registry.promote('host-shell', 'h20', {}, CLI);
    await registry.register(
      releaseJson('mf-referentiel', 'r20', { requirements: { singletons: { react: '^20.0.0' } } }),
      CLI,
    );
    await expect(registry.promote('mf-referentiel', 'r20', {}, CLI)).resolves.toMatchObject({
      status: { live: { id: 'r20' } },
    });
    await registry.register(
      releaseJson('mf-referentiel', 'r21', { requirements: { permissions: ['manageBilling'] } }),
      CLI,
    );
    await expect(registry.promote('mf-referentiel', 'r21', {}, CLI)).rejects.toThrow(
      "La version r21 de mf-referentiel est incompatible avec la version h20 de l'hôte : permission manageBilling requise, l'hôte ne la connaît pas.",
    );
  });
});

describe('the running API’s operations', () => {
  it('reads the route table and the OpenAPI document the same way', async () => {
    const fromTable = routeTableOperations(app.routeTable);
    expect(fromTable).toContain('GET /stats/pax');
    expect(fromTable).toContain('PUT /demande_hebergement/{}/refuser');
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const fromDocument = openApiOperations(document);
    expect(fromDocument).toContain('GET /stats/pax');
    expect(fromDocument.every((operation) => fromTable.includes(operation))).toBe(true);
  });
});
