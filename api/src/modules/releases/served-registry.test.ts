import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { oneOf } from '../../db/raw';
import pg from 'pg';
import { releaseEntryPath } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, createTestDatabase, FAST_SCRYPT } from '../../../test/helper';
import staticSite, { generatedRuntimeConfig } from '../../plugins/static-site';
import { releaseJson } from './releases.fixture';
import { createReleasesService } from './service';

const CLI = { kind: 'cli', name: 'cli:test@machine' } as const;
const webRoot = mkdtempSync(join(tmpdir(), 'ebas3-registry-web-'));

let app: FastifyInstance;
let databaseUrl = '';
let registry: ReturnType<typeof createReleasesService>;

const served = async (headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url: '/runtime-config.json', headers });
  return { response, config: response.statusCode === 200 ? response.json<Record<string, unknown>>() : {} };
};

/** Routes and menu entries each remote declares today (issue 38 §3): their number, for the size budget. */
const DECLARED = {
  'mf-reservations': [6, 3],
  'mf-demandes': [2, 1],
  'mf-rooming-pointage': [6, 6],
  'mf-referentiel': [17, 11],
  'mf-stats': [3, 3],
} as Record<string, [number, number]>;

/**
 * What a remote's release declares (issue 38 §3, §4): as many routes and entries as it has today, with ids, paths
 * and titles as long as its real ones (all five remotes' real declarations weigh 5.2 kB of JSON).
 */
const declarations = (remote: string) => {
  const [routeCount, entryCount] = DECLARED[remote] ?? [1, 1];
  const short = remote.replace(/^mf-/, '').slice(0, 8);
  return {
    routes: Array.from({ length: routeCount }, (_, index) => ({
      id: `${short}-fiche-${index}`,
      path: `${short}-ecran-${index}/:id`,
      title: `Fiche de l'écran ${index}`,
      ...(index % 3 === 0 && { guards: ['subject'] }),
    })),
    menu: Array.from({ length: entryCount }, (_, index) => ({
      group: 'client',
      routeId: `${short}-fiche-${index}`,
      label: `Entrée de menu ${index}`,
      order: index * 10,
    })),
  };
};
const requirements = {
  react: '^19.2.0',
  'react-dom': '^19.2.0',
  antd: ['button', 'table', 'form', 'input', 'select', 'modal', 'date-picker', 'tag'],
  shared: ['apiClient', 'useAuth', 'formatDate'],
};
const released = (remote: string) => ({ ...declarations(remote), requirements });

beforeAll(async () => {
  const database = await createTestDatabase();
  if (database.options.kind === 'postgres') databaseUrl = database.options.url;
  app = await buildApp({ database: database.options, passwordHashing: FAST_SCRYPT });
  app.addHook('onClose', () => database.drop());
  await app.register(staticSite, { webRoot });
  await app.ready();
  registry = createReleasesService(app.db);
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('/runtime-config.json from the registry of releases', () => {
  it('serves the build’s entries, exactly as before, while nothing was promoted', async () => {
    await registry.register(releaseJson('mf-stats', 's1', released('mf-stats')), CLI);
    const { response, config } = await served();
    expect(config).toEqual(generatedRuntimeConfig());
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves a promoted remote from its versioned path, with its id, canary and declarations; the others unchanged', async () => {
    const before = await served();
    await registry.promote('mf-stats', 's1', {}, CLI);
    const after = await served();
    const expected = generatedRuntimeConfig();
    expected.remotes.mf_stats = releaseEntryPath('mf-stats', 's1');
    expect(after.config).toEqual({
      ...expected,
      releases: { mf_stats: { id: 's1', requirements } },
      declarations: { mf_stats: declarations('mf-stats') },
    });
    expect(expected.remotes.mf_stats).toBe('/releases/mf-stats/s1/mf-manifest.json');
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
    const revalidated = await served({ 'if-none-match': String(after.response.headers.etag) });
    expect(revalidated.response.statusCode).toBe(304);

    // The canary carries its own requirements: the host checks them for the users on its side.
    const canaryRequirements = { singletons: { react: '^19.3.0' }, antd: ['Table'] };
    await registry.register(releaseJson('mf-stats', 's2', { requirements: canaryRequirements }), CLI);
    await registry.promote('mf-stats', 's2', { canary: 25 }, CLI);
    expect((await served()).config.releases).toEqual({
      mf_stats: {
        id: 's1',
        canary: {
          id: 's2',
          percent: 25,
          entry: releaseEntryPath('mf-stats', 's2'),
          requirements: canaryRequirements,
        },
        requirements,
      },
    });
    await registry.rollback('mf-stats', {}, CLI);
    await registry.promote('mf-stats', 's2', {}, CLI);
    expect((await served()).config).toMatchObject({
      remotes: { mf_stats: releaseEntryPath('mf-stats', 's2') },
      releases: { mf_stats: { id: 's2' } },
    });
    await registry.rollback('mf-stats', {}, CLI);
    expect((await served()).config).toMatchObject({ releases: { mf_stats: { id: 's1' } } });
  });

  it('serves a remote the host was not built with, with its declarations; never the host’s own release', async () => {
    await registry.register(releaseJson('mf-foyers', 'x1', released('mf-foyers')), CLI);
    await registry.promote('mf-foyers', 'x1', {}, CLI);
    await registry.register(releaseJson('host-shell', 'h1'), CLI);
    await registry.promote('host-shell', 'h1', {}, CLI);
    const { config } = await served();
    expect(Object.keys(config.releases as object)).toEqual(['mf_foyers', 'mf_stats']);
    expect(config).toMatchObject({
      remotes: { mf_foyers: releaseEntryPath('mf-foyers', 'x1') },
      declarations: { mf_foyers: declarations('mf-foyers') },
    });
    expect(JSON.stringify(config)).not.toContain('h1');
    expect(JSON.stringify(config)).not.toContain('host_shell');
  });

  it('stays within 8 kB with six remotes released, each with its routes, menu entries and requirements', async () => {
    const remotes = ['mf-reservations', 'mf-demandes', 'mf-rooming-pointage', 'mf-referentiel'];
    for (const remote of remotes) {
      await registry.register(releaseJson(remote, '20261207-abc1234-9f3e2d1c', released(remote)), CLI);
      await registry.promote(remote, '20261207-abc1234-9f3e2d1c', {}, CLI);
    }
    await registry.register(releaseJson('mf-stats', '20261207-def5678-0a1b2c3d', released('mf-stats')), CLI);
    await registry.promote('mf-stats', '20261207-def5678-0a1b2c3d', { canary: 10 }, CLI);
    const { response, config } = await served();
    expect(Object.keys(config.releases as object)).toHaveLength(6);
    expect(Object.keys(config.declarations as object)).toHaveLength(6);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(8 * 1024);
  });

  it('serves a change made by another connection (psql, another node) once its NOTIFY arrives, within a second', async () => {
    const current = await oneOf<{ live_id: string }>(
      app.db,
      sql`select live_id from release_pointers where remote = 'mf-stats'`,
    );
    expect(current?.live_id).toBe('s1');
    // Kept in memory from here on: only the notification can make this node serve the change.
    expect((await served()).config.releases).toMatchObject({ mf_stats: { id: 's1' } });
    // A connection of its own, outside the API's pool: what any other node or an operator's psql would do.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query(
        `update release_pointers set live_id = 's2', version = version + 1 where remote = 'mf-stats'`,
      );
    } finally {
      await other.end();
    }
    const started = performance.now();
    let seen = '';
    while (performance.now() - started < 1_000 && seen !== 's2') {
      const releases = (await served()).config.releases as Record<string, { id: string }>;
      seen = releases.mf_stats?.id ?? '';
      if (seen !== 's2') await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seen).toBe('s2');
  });

  it('RUNTIME_CONFIG_FILE still wins: a static deployment serves its file as is', async () => {
    const file = join(webRoot, 'runtime-config.json');
    writeFileSync(file, '{"apiBaseUrl":"/api","remotes":{}}');
    const fileApp = await buildTestApp();
    try {
      await fileApp.register(staticSite, { webRoot, runtimeConfigFile: file });
      await createReleasesService(fileApp.db).register(releaseJson('mf-stats', 'f1'), CLI);
      await createReleasesService(fileApp.db).promote('mf-stats', 'f1', {}, CLI);
      const response = await fileApp.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(response.body).toBe('{"apiBaseUrl":"/api","remotes":{}}');
    } finally {
      await fileApp.close();
    }
  });
});
