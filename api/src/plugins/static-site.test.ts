import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { distFixture } from '../lib/release-store/dist.fixture';
import { packageRelease, publishRelease } from '../lib/release-store/release-package';
import { createS3Store } from '../lib/release-store/s3-store';
import { releaseJson } from '../modules/releases/releases.fixture';
import { createReleasesService } from '../modules/releases/service';
import releaseFiles from './release-files';
import errorsPlugin from './errors';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';
import staticSite, { IMMUTABLE, NO_CACHE } from './static-site';

const COMPRESS_SCRIPT = fileURLToPath(new URL('../../../scripts/compress-dist.mjs', import.meta.url));

/** Over 1 kB, as the real ones are: scripts/compress-dist.mjs writes its .br and .gz. */
const HOST_INDEX = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>EBAS3</title>${Array.from(
  { length: 20 },
  (_, index) => `<link rel="preload" href="/static/js/lib-${index}.0a1b2c3d.js" as="script">`,
).join('')}</head><body><div id="root"></div></body></html>`;
const HOST_MANIFEST = JSON.stringify({
  name: 'host_shell',
  shared: Array.from({ length: 30 }, (_, index) => ({
    name: `lib-${index}`,
    version: '1.0.0',
    singleton: true,
  })),
});
const HOST_CHUNK = `console.log("host");\n${'export const label = "Réservations, pensionnaires et contrats";\n'.repeat(40)}`;

function write(root: string, path: string, content: string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** The routes and menu entries mf-stats's build writes beside its manifest (issue 38 §3). */
const STATS_DECLARATIONS = {
  routes: [{ id: 'stats-per-pax', path: 'StatsPerPax', title: 'Statistiques par nombre de pax' }],
  menu: [{ group: 'statistiques', routeId: 'stats-per-pax', label: 'Par nombre de pax', order: 10 }],
};

/** A WEB_ROOT with the host and one remote built; the four other remotes were never built. */
function webRootFixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'ebas3-web-'));
  write(root, 'host-shell/dist/index.html', HOST_INDEX);
  write(root, 'host-shell/dist/mf-manifest.json', HOST_MANIFEST);
  write(root, 'host-shell/dist/runtime-config.json', '{"apiBaseUrl":"http://localhost:8080/dev"}');
  write(root, 'host-shell/dist/static/js/main.3f2a1b.js', HOST_CHUNK);
  write(root, 'host-shell/dist/static/js/small.77aa01.js', 'console.log("small")');
  write(root, 'host-shell/dist/.env', 'SECRET=1');
  write(root, 'mf-stats/dist/mf-manifest.json', '{"name":"mf_stats"}');
  write(
    root,
    'mf-stats/dist/remoteEntry.js',
    `var mf_stats;\n${'mf_stats.register("module");\n'.repeat(60)}`,
  );
  write(root, 'mf-stats/dist/static/js/async/412.9c1d.js', 'chunk');
  write(root, 'mf-stats/dist/declarations.json', JSON.stringify(STATS_DECLARATIONS));
  // The remote's standalone mode, never to be served in production (over 1 kB: compressed variants too).
  write(root, 'mf-stats/dist/index.html', HOST_INDEX.replace('EBAS3', 'mf-stats autonome'));
  write(
    root,
    'mf-stats/dist/mockServiceWorker.js',
    `self.addEventListener("fetch", () => {});\n${'// msw\n'.repeat(200)}`,
  );
  write(root, 'mf-stats/dist/static/js/async/530.e4f5.js', HOST_CHUNK.replace('host', 'stats'));
  execFileSync(process.execPath, [
    COMPRESS_SCRIPT,
    join(root, 'host-shell', 'dist'),
    join(root, 'mf-stats', 'dist'),
  ]);
  return root;
}

let webRoot: string;
let app: FastifyInstance;
const warnings: string[] = [];

beforeAll(async () => {
  webRoot = webRootFixture();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      warnings.push(JSON.parse(chunk.toString()).msg);
      callback();
    },
  });
  app = await buildTestApp({ logger: { level: 'warn', stream } });
  await app.register(staticSite, { webRoot });
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The body as the browser reads it, whatever the Content-Encoding. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  const body = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

describe('static site', () => {
  it('serves the host index at / and as the SPA fallback, never cached', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/dashboard/StatsPerPax',
      '/dashboard/fiche-resa/12?onglet=2',
      '/signup',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(HOST_INDEX);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe(NO_CACHE);
    }
  });

  it('serves hashed assets as immutable and entry files as no-cache', async () => {
    const chunk = await get('/static/js/main.3f2a1b.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');

    const manifest = await get('/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404, not with index.html', async () => {
    const response = await get('/static/js/absent.123.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Ressource introuvable.' });
  });

  it('keeps the API, remotes, releases and socket.io paths out of the fallback', async () => {
    for (const url of [
      '/api/inconnu',
      '/remotes/mf-stats/absent',
      '/socket.io/',
      '/remotes/mf-demandes/mf-manifest.json',
      // Not a release file's path (plugins/release-files.ts): still not the host's page.
      '/releases/mf-stats',
      '/releases',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Ressource introuvable.' });
    }
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('serves each remote under /remotes/<dir>/ with CORS and the same cache rules', async () => {
    const manifest = await get('/remotes/mf-stats/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'mf_stats' });
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const entry = await get('/remotes/mf-stats/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(entry.headers['access-control-allow-origin']).toBe('*');

    const chunk = await get('/remotes/mf-stats/static/js/async/412.9c1d.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    // A host on another origin loads them: the global same-origin resource policy is loosened here only.
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves no standalone page nor mock service worker under /remotes (production serves no mock)', async () => {
    for (const url of [
      '/remotes/mf-stats/index.html',
      '/remotes/mf-stats/mockServiceWorker.js',
      '/remotes/mf-stats/mockServiceWorker.js.br',
      '/remotes/mf-stats/mockServiceWorker.js.gz',
    ]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect(response.statusCode, `${url} (${encoding})`).toBe(404);
      }
    }
    // The directory itself has no index (403 from @fastify/static), never the standalone page.
    expect((await get('/remotes/mf-stats/')).statusCode).toBe(403);
    expect((await get('/remotes/mf-stats/remoteEntry.js', { 'accept-encoding': 'br' })).statusCode).toBe(200);
  });

  it('sends the security headers with the host page', async () => {
    const response = await get('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it("leaves the page's own security headers off the hashed scripts, keeping nosniff and the resource policy", async () => {
    for (const [url, encoding] of [
      ['/static/js/main.3f2a1b.js', 'br'],
      ['/static/js/main.3f2a1b.js', 'identity'],
      ['/remotes/mf-stats/static/js/async/530.e4f5.js', 'gzip'],
      ['/runtime-config.json', 'br'],
    ] as const) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.statusCode, url).toBe(200);
      for (const header of DOCUMENT_ONLY_HEADERS)
        expect(response.headers[header], `${url} ${header}`).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBeDefined();
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // The page and the federation's entry files keep all of them.
    for (const url of ['/', '/mf-manifest.json', '/remotes/mf-stats/remoteEntry.js']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('generates /runtime-config.json, ahead of the file copied into the host dist, with the built declarations', async () => {
    const response = await get('/runtime-config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.json()).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        mf_reservations: '/remotes/mf-reservations/mf-manifest.json',
        mf_demandes: '/remotes/mf-demandes/mf-manifest.json',
        mf_rooming_pointage: '/remotes/mf-rooming-pointage/mf-manifest.json',
        mf_referentiel: '/remotes/mf-referentiel/mf-manifest.json',
        mf_stats: '/remotes/mf-stats/mf-manifest.json',
      },
      // The one remote built declares its routes from its build output; the others were never built.
      declarations: { mf_stats: STATS_DECLARATIONS },
    });
  });

  it('warns in French about every missing dist instead of crashing', () => {
    for (const dir of ['mf-reservations', 'mf-demandes', 'mf-rooming-pointage', 'mf-referentiel']) {
      expect(warnings).toContain(
        `Site : le dossier ${join(webRoot, dir, 'dist')} est introuvable, il ne sera pas servi (lancez d'abord pnpm build).`,
      );
    }
    expect(warnings.filter((warning) => warning.includes('mf-stats'))).toEqual([]);
  });

  it('does not serve dotfiles nor escape the dist directory', async () => {
    expect((await get('/.env')).statusCode).toBe(404);
    for (const url of [
      '/..%2f..%2fpackage.json',
      '/static/..%2f..%2f..%2fmf-stats%2fdist%2fremoteEntry.js',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('mf_stats');
    }
  });
});

describe('static site, compressed', () => {
  const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const GZIP = { 'accept-encoding': 'gzip, deflate' };

  it('chooses brotli, gzip or none by Accept-Encoding, and says it varies on it', async () => {
    for (const [headers, encoding] of [
      [BR, 'br'],
      [{ 'accept-encoding': 'br;q=0.5, gzip;q=1' }, 'gzip'],
      [GZIP, 'gzip'],
      [{ 'accept-encoding': 'identity' }, undefined],
      [{}, undefined],
    ] as const) {
      const chunk = await get('/static/js/main.3f2a1b.js', headers);
      const label = JSON.stringify(headers);
      expect(chunk.statusCode, label).toBe(200);
      expect(chunk.headers['content-encoding'], label).toBe(encoding);
      expect(chunk.headers.vary, label).toBe('accept-encoding');
      expect(chunk.headers['content-type'], label).toBe('application/javascript; charset=utf-8');
      expect(chunk.headers['cache-control'], label).toBe(IMMUTABLE);
      expect(decoded(chunk), label).toBe(HOST_CHUNK);
    }
    const brotli = await get('/static/js/main.3f2a1b.js', BR);
    expect(brotli.rawPayload.length).toBeLessThan(HOST_CHUNK.length / 4);
  });

  it('serves a file too small to be compressed as is, still varying on Accept-Encoding', async () => {
    const small = await get('/static/js/small.77aa01.js', BR);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('accept-encoding');
    expect(small.body).toBe('console.log("small")');
  });

  it('compresses the index at /, in the SPA fallback and the manifests, all still no-cache', async () => {
    for (const url of ['/', '/dashboard/fiche-resa/12?onglet=2']) {
      for (const [headers, encoding] of [
        [BR, 'br'],
        [GZIP, 'gzip'],
      ] as const) {
        const page = await get(url, headers);
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-encoding'], url).toBe(encoding);
        expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control'], url).toBe(NO_CACHE);
        expect(page.headers.vary, url).toBe('accept-encoding');
        expect(decoded(page), url).toBe(HOST_INDEX);
      }
    }
    const manifest = await get('/mf-manifest.json', BR);
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(JSON.parse(decoded(manifest))).toEqual(JSON.parse(HOST_MANIFEST));
  });

  it('revalidates the no-cache files: 304 on If-None-Match or If-Modified-Since, per encoding', async () => {
    for (const url of ['/', '/dashboard', '/mf-manifest.json', '/remotes/mf-stats/remoteEntry.js']) {
      for (const headers of [BR, GZIP, {}]) {
        const first = await get(url, headers);
        const label = `${url} ${JSON.stringify(headers)}`;
        expect(first.statusCode, label).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag, label).toBeTruthy();
        const again = await get(url, { ...headers, 'if-none-match': etag });
        expect(again.statusCode, label).toBe(304);
        expect(again.body, label).toBe('');
        expect(again.headers['cache-control'], label).toBe(NO_CACHE);
        const since = await get(url, {
          ...headers,
          'if-modified-since': first.headers['last-modified'] as string,
        });
        expect(since.statusCode, label).toBe(304);
      }
    }
    // Each encoding is its own representation: a brotli ETag does not validate the gzip body.
    const brotli = await get('/mf-manifest.json', BR);
    const gzip = await get('/mf-manifest.json', GZIP);
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    expect(
      (await get('/mf-manifest.json', { ...GZIP, 'if-none-match': brotli.headers.etag as string }))
        .statusCode,
    ).toBe(200);
  });

  it('revalidates the generated /runtime-config.json with its ETag', async () => {
    const first = await get('/runtime-config.json', BR);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(NO_CACHE);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const match of [etag, etag.slice(2), `"autre", ${etag}`]) {
      const again = await get('/runtime-config.json', { ...BR, 'if-none-match': match });
      expect(again.statusCode, match).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe(NO_CACHE);
    }
    expect((await get('/runtime-config.json', { 'if-none-match': '"autre"' })).statusCode).toBe(200);
  });

  it('compresses the remotes too, with CORS and their cache rules', async () => {
    const chunk = await get('/remotes/mf-stats/static/js/async/530.e4f5.js', BR);
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(chunk.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers.vary).toBe('accept-encoding');
    expect(decoded(chunk)).toBe(HOST_CHUNK.replace('host', 'stats'));

    const entry = await get('/remotes/mf-stats/remoteEntry.js', GZIP);
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(decoded(entry)).toMatch(/^var mf_stats;/);
  });

  it('never serves a variant by its own name as another type', async () => {
    const variant = await get('/static/js/main.3f2a1b.js.br');
    expect(variant.headers['content-type']).not.toContain('javascript');
    expect((await get('/index.html.gz')).headers['content-type']).not.toContain('html');
  });
});

describe('static site with RUNTIME_CONFIG_FILE', () => {
  it('serves that file as is, re-read on each request', async () => {
    const root = webRootFixture();
    const file = join(root, 'registry.json');
    writeFileSync(file, '{"apiBaseUrl":"https://api.example.fr/api","remotes":{}}');
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(staticSite, { webRoot: root, runtimeConfigFile: file });
    try {
      const first = await bare.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(NO_CACHE);
      expect(first.headers['content-type']).toContain('application/json');
      expect(first.body).toBe('{"apiBaseUrl":"https://api.example.fr/api","remotes":{}}');

      writeFileSync(file, '{"apiBaseUrl":"/v2/api","remotes":{}}');
      const second = await bare.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(second.json()).toEqual({ apiBaseUrl: '/v2/api', remotes: {} });
    } finally {
      await bare.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives the remotes a file names without declarations their build’s routes and menu', async () => {
    const root = webRootFixture();
    const file = join(root, 'registry.json');
    const remotes = { mf_stats: 'https://cdn.example.fr/mf-stats/mf-manifest.json' };
    writeFileSync(file, JSON.stringify({ apiBaseUrl: '/api', remotes }));
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(staticSite, { webRoot: root, runtimeConfigFile: file });
    try {
      const served = await bare.inject({ method: 'GET', url: '/runtime-config.json' });
      expect(served.json()).toEqual({
        apiBaseUrl: '/api',
        remotes,
        declarations: { mf_stats: STATS_DECLARATIONS },
      });

      // A file that declares its remotes' routes is served as written.
      const own = { apiBaseUrl: '/api', remotes, declarations: { mf_stats: { routes: [], menu: [] } } };
      writeFileSync(file, JSON.stringify(own));
      expect((await bare.inject({ method: 'GET', url: '/runtime-config.json' })).json()).toEqual(own);
    } finally {
      await bare.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('static site with the release store on S3', () => {
  const CLI = { kind: 'cli', name: 'cli:test@machine' } as const;
  let s3: TestS3Server;
  let root: string;
  let served: FastifyInstance;

  beforeAll(async () => {
    s3 = await startS3Server();
    root = webRootFixture();
    const store = createS3Store({ bucket: s3.bucket, prefix: 'ebas3/releases', client: s3.client });
    served = await buildTestApp();
    await served.register(staticSite, { webRoot: root, releaseStore: store });
    await served.register(releaseFiles, { store });
    const registry = createReleasesService(served.db);
    for (const commit of ['a', 'b']) {
      const distDir = distFixture({ 'static/js/async/late.3c4d.js': `export const late = "${commit}";\n` });
      const { manifest } = await packageRelease({
        remote: 'mf-stats',
        distDir,
        commit: commit.repeat(40),
        commitDate: new Date('2026-12-07T09:00:00Z'),
      });
      await publishRelease(store, { manifest, distDir });
      await registry.register(releaseJson('mf-stats', manifest.id, { files: manifest.files }), CLI);
      if (commit === 'a') await registry.promote('mf-stats', manifest.id, {}, CLI);
      else await registry.promote('mf-stats', manifest.id, { canary: 50 }, CLI);
      rmSync(distDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await served.close();
    await s3.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("is served through the API's /releases/ path: the page's CSP names no other origin, not the bucket's", async () => {
    const config = (await served.inject({ method: 'GET', url: '/runtime-config.json' })).json<{
      remotes: Record<string, string>;
      releases: Record<string, { canary: { entry: string } }>;
    }>();
    const entries = [config.remotes.mf_stats, config.releases.mf_stats?.canary.entry];
    for (const entry of entries) {
      expect(entry).toMatch(/^\/releases\/mf-stats\/[^/]+\/mf-manifest\.json$/);
      // Read from the bucket by the API, on the page's own origin.
      const file = await served.inject({ method: 'GET', url: String(entry) });
      expect(file.statusCode, entry).toBe(200);
      expect(file.headers['cache-control']).toBe(IMMUTABLE);
    }
    const csp = String((await served.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const bucketOrigin = new URL(String(s3.env.AWS_ENDPOINT_URL)).origin;
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      const value = csp.split(';').find((part) => part.trim().startsWith(`${directive} `));
      expect(value, directive).toContain("'self'");
      expect(value, directive).not.toContain(bucketOrigin);
      expect(
        value
          ?.trim()
          .split(/\s+/)
          .filter((source) => source.includes('://')),
      ).toEqual([]);
    }
  });
});
