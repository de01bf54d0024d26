import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { distFixture, hostDistFixture } from '../lib/release-store/dist.fixture';
import { createFolderStore } from '../lib/release-store/folder-store';
import { isHostReleaseFile } from '../lib/release-store/release-files';
import { HOST_RELEASE, type ReleaseManifest } from '../lib/release-store/release-manifest';
import { packageRelease, publishRelease } from '../lib/release-store/release-package';
import type { ReleaseStore } from '../lib/release-store/release-store';
import { createReleasesService } from '../modules/releases';
import releaseFiles from './release-files';
import staticSite, { IMMUTABLE, NO_CACHE } from './static-site';

type ReleasesService = ReturnType<typeof createReleasesService>;

const CLI = { kind: 'cli', name: 'cli:test@machine' } as const;
const BR = { 'accept-encoding': 'gzip, deflate, br' };

async function release(
  store: ReleaseStore,
  registry: ReleasesService,
  remote: string,
  distDir: string,
  commit: string,
): Promise<ReleaseManifest> {
  const { manifest } = await packageRelease({
    remote,
    distDir,
    commit,
    commitDate: new Date('2026-12-07T09:00:00Z'),
    ...(remote === HOST_RELEASE && { include: isHostReleaseFile }),
  });
  await publishRelease(store, { manifest, distDir });
  await registry.register({ ...manifest, routes: [], menu: [] }, CLI);
  return manifest;
}

let app: FastifyInstance;
let registry: ReleasesService;
let store: ReleaseStore;
const folders: string[] = [];
const folder = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
};
let webRoot: string;
let v1: ReleaseManifest;
let v2: ReleaseManifest;

beforeAll(async () => {
  webRoot = folder('ebas3-host-web-');
  hostDistFixture(webRoot, 'build');
  store = createFolderStore(folder('ebas3-host-store-'));
  app = await buildTestApp();
  await app.register(staticSite, { webRoot, releaseStore: store });
  await app.register(releaseFiles, { store });
  await app.ready();
  registry = createReleasesService(app.db);
  v1 = await release(
    store,
    registry,
    HOST_RELEASE,
    hostDistFixture(folder('ebas3-host-v1-'), 'v1'),
    'a'.repeat(40),
  );
  v2 = await release(
    store,
    registry,
    HOST_RELEASE,
    hostDistFixture(folder('ebas3-host-v2-'), 'v2'),
    'b'.repeat(40),
  );
});
afterAll(async () => {
  await app.close();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const body = (response: Awaited<ReturnType<typeof get>>) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.rawPayload).toString('utf8')
    : response.body;
const title = async (url = '/') => /<title>([^<]*)</.exec(body(await get(url, BR)))?.[1];

describe('the host served from its live release', () => {
  it('is served from WEB_ROOT while the host has no live release', async () => {
    expect(await title()).toBe('EBAS3 build');
    expect((await get('/static/js/index.build.js')).statusCode).toBe(200);
  });

  it('leaves the development registry out of the release', () => {
    expect(v1.files.map((file) => file.path)).not.toContain('runtime-config.json');
    expect(v1.files.map((file) => file.path)).toContain('index.html');
  });

  it('serves index.html, the SPA fallback and the assets of the live release, with today’s headers', async () => {
    await registry.promote(HOST_RELEASE, v1.id, {}, CLI);
    for (const url of ['/', '/dashboard', '/dashboard/fiche-resa/12?onglet=2', '/index.html']) {
      const page = await get(url, BR);
      expect(page.statusCode, url).toBe(200);
      expect(body(page), url).toContain('<title>EBAS3 v1</title>');
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toBe('accept-encoding');
      expect(page.headers['cache-control'], url).toBe(NO_CACHE);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>EBAS3 v1</title>');

    const script = await get('/static/js/index.v1.js', BR);
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(body(script)).toMatch(/^console\.log\("hôte v1"\)/);
    expect((await get('/mf-manifest.json')).headers['cache-control']).toBe(NO_CACHE);
    // The build's files are not served beside the release's.
    expect((await get('/static/js/index.build.js')).statusCode).toBe(404);
    expect((await get('/static/js/absent.123.js')).statusCode).toBe(404);
    // The registry stays the API's, never the build's development file.
    expect((await get('/runtime-config.json')).json()).toMatchObject({ apiBaseUrl: '/api' });
  });

  it('revalidates index.html with an ETag per encoding', async () => {
    const first = await get('/', BR);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/dashboard', { ...BR, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(NO_CACHE);
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('keeps the API, remotes, releases and variants by their own name out of the host', async () => {
    for (const url of ['/api/inconnu', '/remotes/mf-stats/absent', '/index.html.br', '/.env']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('serves the new host after a promote, the previous one after a rollback', async () => {
    await registry.promote(HOST_RELEASE, v2.id, {}, CLI);
    expect(await title('/dashboard')).toBe('EBAS3 v2');
    expect((await get('/static/js/index.v2.js')).statusCode).toBe(200);
    await registry.rollback(HOST_RELEASE, {}, CLI);
    expect(await title('/dashboard')).toBe('EBAS3 v1');
    expect((await get('/static/js/index.v1.js')).statusCode).toBe(200);
  });

  it('keeps serving an earlier host release’s chunks to its open tabs while the retention keeps it', async () => {
    await registry.promote(HOST_RELEASE, v2.id, {}, CLI);
    expect(await title()).toBe('EBAS3 v2');
    // A tab opened on v1 asks for one of v1's lazy chunks, absent from v2: served from v1, immutable.
    const old = await get('/static/js/index.v1.js', BR);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe(IMMUTABLE);
    expect(body(old)).toContain('v1');
    // Its versioned path serves it too (release-files), and a name no release has stays a 404.
    expect((await get(`/releases/${HOST_RELEASE}/${v1.id}/static/js/index.v1.js`)).statusCode).toBe(200);
    expect((await get('/static/js/index.v9.js')).statusCode).toBe(404);
    // Only hashed scripts and styles: v1's index.html is not a fallback for a page of v2.
    expect(await title('/dashboard')).toBe('EBAS3 v2');
    await registry.rollback(HOST_RELEASE, {}, CLI);
  });

  it('stops serving an earlier host release’s chunks once the retention deleted it', async () => {
    const store2 = createFolderStore(folder('ebas3-host-store-gc-'));
    const other = await buildTestApp();
    try {
      await other.register(staticSite, { webRoot, releaseStore: store2 });
      await other.ready();
      const registry2 = createReleasesService(other.db);
      const h1 = await release(
        store2,
        registry2,
        HOST_RELEASE,
        hostDistFixture(folder('ebas3-h1-'), 'v1'),
        'e'.repeat(40),
      );
      const h2 = await release(
        store2,
        registry2,
        HOST_RELEASE,
        hostDistFixture(folder('ebas3-h2-'), 'v2'),
        'f'.repeat(40),
      );
      await registry2.promote(HOST_RELEASE, h1.id, {}, CLI);
      await registry2.promote(HOST_RELEASE, h2.id, {}, CLI);
      expect((await other.inject({ method: 'GET', url: '/static/js/index.v1.js' })).statusCode).toBe(200);
      // What `pnpm registry gc` does to a release: release.json first, then every file.
      const keys = await store2.list(`${HOST_RELEASE}/${h1.id}/`);
      for (const key of [...keys].sort((a) => (a.endsWith('/release.json') ? -1 : 1)))
        await store2.delete(key);
      expect((await other.inject({ method: 'GET', url: '/static/js/index.v1.js' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('never changes a host file when a remote is promoted or rolled back', async () => {
    const urls = ['/', '/static/js/index.v1.js', '/static/js/async/lib.0a1b.js', '/mf-manifest.json'];
    const hashes = async () =>
      Promise.all(
        urls.flatMap((url) =>
          [BR, {}].map(async (headers) =>
            createHash('sha256')
              .update((await get(url, headers)).rawPayload)
              .digest('hex'),
          ),
        ),
      );
    const before = await hashes();
    const stats1 = await release(store, registry, 'mf-stats', distFixture(), 'c'.repeat(40));
    const stats2 = await release(
      store,
      registry,
      'mf-stats',
      distFixture({ 'static/js/async/late.3c4d.js': 'export const late = 2;\n' }),
      'd'.repeat(40),
    );
    await registry.promote('mf-stats', stats1.id, {}, CLI);
    await registry.promote('mf-stats', stats2.id, {}, CLI);
    expect(await hashes()).toEqual(before);
    await registry.rollback('mf-stats', {}, CLI);
    expect(await hashes()).toEqual(before);
    expect(await title()).toBe('EBAS3 v1');
  });
});
