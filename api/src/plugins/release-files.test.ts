import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { distFixture } from '../lib/release-store/dist.fixture';
import { createFolderStore } from '../lib/release-store/folder-store';
import { packageRelease, publishRelease, type ReleasePackage } from '../lib/release-store/release-package';
import type { ReleaseStore } from '../lib/release-store/release-store';
import { createS3Store } from '../lib/release-store/s3-store';
import releaseFiles from './release-files';
import { IMMUTABLE } from './static-site';

const stores: [string, () => Promise<{ store: ReleaseStore; close(): Promise<void> }>][] = [
  [
    'folder',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'ebas3-releases-'));
      return {
        store: createFolderStore(root),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const server: TestS3Server = await startS3Server();
      return {
        store: createS3Store({ bucket: server.bucket, prefix: 'releases', client: server.client }),
        close: () => server.close(),
      };
    },
  ],
];

describe.each(stores)('release files served from the %s store', (_name, open) => {
  let app: FastifyInstance;
  let store: ReleaseStore;
  let closeStore: () => Promise<void>;
  let dist: string;
  let release: ReleasePackage;
  let base: string;

  beforeAll(async () => {
    ({ store, close: closeStore } = await open());
    dist = distFixture();
    release = await packageRelease({
      remote: 'mf-stats',
      distDir: dist,
      commit: '544595d0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6',
      commitDate: new Date('2026-12-07T00:27:00Z'),
    });
    await publishRelease(store, release);
    base = `/releases/mf-stats/${release.manifest.id}`;
    app = await buildTestApp();
    await app.register(releaseFiles, { store });
  });
  afterAll(async () => {
    await app?.close();
    await closeStore();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const source = (path: string) => readFileSync(join(dist, path));

  it('serves remoteEntry.js brotli, gzip or as is by Accept-Encoding, immutable and cross-origin', async () => {
    const brotli = await get(`${base}/remoteEntry.js`, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': IMMUTABLE,
      vary: 'Accept-Encoding',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(brotliDecompressSync(brotli.rawPayload).equals(source('remoteEntry.js'))).toBe(true);

    const gzip = await get(`${base}/remoteEntry.js`, 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(source('remoteEntry.js'))).toBe(true);

    const plain = await get(`${base}/remoteEntry.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(source('remoteEntry.js'))).toBe(true);
  });

  it('serves the manifest immutable too (a new release has a new path), and small files as they are', async () => {
    const manifest = await get(`${base}/mf-manifest.json`, 'br');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(IMMUTABLE);
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(manifest.rawPayload).equals(source('mf-manifest.json'))).toBe(true);

    const chunk = await get(`${base}/static/js/async/late.3c4d.js`, 'br');
    expect(chunk.headers['content-encoding']).toBeUndefined();
    expect(chunk.headers.vary).toBeUndefined();
    expect(chunk.body).toBe('export const late = 1;\n');

    const description = await get(`${base}/release.json`);
    expect(description.statusCode).toBe(200);
    expect(description.json()).toEqual(release.manifest);
  });

  it('answers 404 for a file outside the release, a standalone page, a variant by name, an unknown release', async () => {
    for (const url of [
      `${base}/static/js/async/absent.js`,
      `${base}/index.html`,
      `${base}/mockServiceWorker.js`,
      `${base}/remoteEntry.js.br`,
      `${base}/../../mf-demandes/remoteEntry.js`,
      `/releases/mf-stats/20261207-002700-544595d-000000000000/remoteEntry.js`,
      `/releases/mf-demandes/${release.manifest.id}/remoteEntry.js`,
      `/releases/mf-stats/pas-un-identifiant/remoteEntry.js`,
      `/releases/MF_STATS/${release.manifest.id}/remoteEntry.js`,
    ]) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Ressource introuvable.' });
    }
  });

  it('answers 404 for a release whose upload has not finished (no release.json yet), then serves it once complete', async () => {
    const other = await packageRelease({
      remote: 'mf-stats',
      distDir: dist,
      commit: '9999999d0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a',
      commitDate: new Date('2026-12-08T10:00:00Z'),
    });
    const url = `/releases/mf-stats/${other.manifest.id}/remoteEntry.js`;
    const partial: ReleaseStore = {
      ...store,
      put: (key, body, headers) =>
        key.endsWith('/release.json') ? Promise.reject(new Error('arrêt')) : store.put(key, body, headers),
    };
    await expect(publishRelease(partial, other)).rejects.toThrow('arrêt');
    expect((await store.list(`mf-stats/${other.manifest.id}/`)).length).toBe(other.manifest.files.length);
    expect((await get(url)).statusCode).toBe(404);

    await publishRelease(store, other);
    const complete = await get(url);
    expect(complete.statusCode).toBe(200);
    expect(complete.rawPayload.equals(source('remoteEntry.js'))).toBe(true);
  });
});
