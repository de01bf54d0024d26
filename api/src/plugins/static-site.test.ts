import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import errorsPlugin from './errors';
import staticSite, { IMMUTABLE, NO_CACHE } from './static-site';

const HOST_INDEX = '<!doctype html><title>EBAS3</title>';

function write(root: string, path: string, content: string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A WEB_ROOT with the host and one remote built; the four other remotes were never built. */
function webRootFixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'ebas3-web-'));
  write(root, 'host-shell/dist/index.html', HOST_INDEX);
  write(root, 'host-shell/dist/mf-manifest.json', '{"name":"host_shell"}');
  write(root, 'host-shell/dist/runtime-config.json', '{"apiBaseUrl":"http://localhost:8080/dev"}');
  write(root, 'host-shell/dist/static/js/main.3f2a1b.js', 'console.log("host")');
  write(root, 'host-shell/dist/.env', 'SECRET=1');
  write(root, 'mf-stats/dist/mf-manifest.json', '{"name":"mf_stats"}');
  write(root, 'mf-stats/dist/remoteEntry.js', 'var mf_stats;');
  write(root, 'mf-stats/dist/static/js/async/412.9c1d.js', 'chunk');
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

const get = (url: string) => app.inject({ method: 'GET', url });

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

  it('keeps the API, remotes and socket.io paths out of the fallback', async () => {
    for (const url of [
      '/api/inconnu',
      '/remotes/mf-stats/absent',
      '/socket.io/',
      '/remotes/mf-demandes/mf-manifest.json',
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
  });

  it('generates /runtime-config.json, ahead of the file copied into the host dist', async () => {
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
});
