import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distFixture } from './dist.fixture';
import { createFolderStore } from './folder-store';
import { IMMUTABLE } from './release-files';
import { RELEASE_ID, RELEASE_MANIFEST } from './release-manifest';
import {
  packageRelease,
  publishRelease,
  readCompleteRelease,
  ReleaseBuildError,
  ReleaseConflictError,
  type PackageReleaseOptions,
} from './release-package';
import type { ReleaseStore } from './release-store';

const COMMIT = '544595d0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6';
const COMMIT_DATE = new Date('2026-12-07T00:27:00Z');

const folders: string[] = [];
const tempDist = (changes?: Record<string, string>) => {
  const dist = distFixture(changes);
  folders.push(dist);
  return dist;
};
const tempStore = () => {
  const root = mkdtempSync(join(tmpdir(), 'ebas3-store-'));
  folders.push(root);
  return createFolderStore(root);
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const options = (distDir: string, extra: Partial<PackageReleaseOptions> = {}): PackageReleaseOptions => ({
  remote: 'mf-stats',
  distDir,
  commit: COMMIT,
  commitDate: COMMIT_DATE,
  ...extra,
});

/** A store that records the keys written, in order, and can fail the n-th write (a crash mid-upload). */
function recording(store: ReleaseStore, failOnPut?: number) {
  const puts: string[] = [];
  const wrapped: ReleaseStore = {
    ...store,
    async put(key, body, headers) {
      if (failOnPut !== undefined && puts.length + 1 === failOnPut)
        throw new Error('connexion perdue pendant le téléversement');
      puts.push(key);
      await store.put(key, body, headers);
    },
  };
  return { store: wrapped, puts };
}

describe('release package', () => {
  let first: string;
  beforeAll(() => {
    first = tempDist();
  });

  it('carries the build’s requirements.json, and a host build’s provides.json, into release.json (issue 38 §4)', async () => {
    const requirements = { singletons: { react: '^19.3.1' }, antd: ['Table'], api: ['GET /stats/pax'] };
    const provides = {
      singletons: { react: '19.3.1' },
      antd: ['Table'],
      exports: {},
      permissions: [],
      federation: '2.9.1',
    };
    const dist = distFixture({
      'requirements.json': JSON.stringify(requirements),
      'provides.json': JSON.stringify(provides),
    });
    folders.push(dist);
    const { manifest } = await packageRelease(options(dist));
    expect(manifest.requirements).toEqual(requirements);
    expect(manifest.provides).toEqual(provides);
  });

  it('gives the same id to the same commit built twice, another to other bytes or another commit', async () => {
    const a = await packageRelease(options(first, { builtAt: new Date('2026-12-07T01:00:00Z') }));
    // Built again later, elsewhere: other file times, another build time and builder, the same bytes.
    const b = await packageRelease(
      options(tempDist(), { builtAt: new Date('2026-12-08T09:00:00Z'), builder: 'ci@runner-2' }),
    );
    expect(a.manifest.id).toBe(b.manifest.id);
    expect(a.manifest.id).toMatch(RELEASE_ID);
    // The commit's date, not the build's, then the short commit.
    expect(a.manifest.id.startsWith('20261207-002700-544595d-')).toBe(true);
    expect(a.manifest.files).toEqual(b.manifest.files);

    const rebuilt = await packageRelease(
      options(tempDist({ 'static/js/async/late.3c4d.js': 'export const late = 2;\n' })),
    );
    expect(rebuilt.manifest.id).not.toBe(a.manifest.id);
    const otherCommit = await packageRelease(options(first, { commit: `ffff${COMMIT.slice(4)}` }));
    expect(otherCommit.manifest.id).not.toBe(a.manifest.id);
    expect(otherCommit.manifest.id.slice(-12)).toBe(a.manifest.id.slice(-12));
  });

  it('lists every federation file with its size and SHA-256, the pre-compressed variants too, not the standalone page', async () => {
    const { manifest } = await packageRelease(
      options(first, { builtAt: new Date('2026-12-07T01:00:00Z'), builder: 'ci@runner-1' }),
    );
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toEqual([
      'mf-manifest.json',
      'mf-manifest.json.br',
      'mf-manifest.json.gz',
      'remoteEntry.js',
      'remoteEntry.js.br',
      'remoteEntry.js.gz',
      'static/css/async/expose.5e6f.css',
      'static/css/async/expose.5e6f.css.br',
      'static/css/async/expose.5e6f.css.gz',
      'static/js/async/expose.1a2b.js',
      'static/js/async/expose.1a2b.js.br',
      'static/js/async/expose.1a2b.js.gz',
      // Under 256 bytes (compress-dist.mjs's MIN_SIZE): no variant of it.
      'static/js/async/late.3c4d.js',
    ]);
    const entry = readFileSync(join(first, 'remoteEntry.js.br'));
    expect(manifest.files.find((file) => file.path === 'remoteEntry.js.br')).toEqual({
      path: 'remoteEntry.js.br',
      size: entry.length,
      sha256: createHash('sha256').update(entry).digest('hex'),
    });
    expect(manifest).toMatchObject({
      schemaVersion: 1,
      remote: 'mf-stats',
      commit: COMMIT,
      commitDate: '2026-12-07T00:27:00.000Z',
      builtAt: '2026-12-07T01:00:00.000Z',
      builder: 'ci@runner-1',
      federationPluginVersion: '2.9.1',
      routes: [],
      menu: [],
      requirements: {},
    });
    // First visit: the manifest, remoteEntry and the exposes' synchronous files, brotli.
    const size = (path: string) => readFileSync(join(first, path)).length;
    expect(manifest.firstVisit).toEqual({
      files: [
        'mf-manifest.json',
        'remoteEntry.js',
        'static/css/async/expose.5e6f.css',
        'static/js/async/expose.1a2b.js',
      ],
      brotliBytes:
        size('mf-manifest.json.br') +
        size('remoteEntry.js.br') +
        size('static/css/async/expose.5e6f.css.br') +
        size('static/js/async/expose.1a2b.js.br'),
    });
  });

  it('refuses a folder that is not a remote’s production build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ebas3-empty-'));
    folders.push(empty);
    await expect(packageRelease(options(empty))).rejects.toThrow(ReleaseBuildError);
    await expect(packageRelease(options(join(empty, 'absent')))).rejects.toThrow(/est introuvable/);
  });
});

describe("a release's routes and menu entries (issue 38 §3)", () => {
  const declared = {
    routes: [{ id: 'stats-per-pax', path: 'StatsPerPax', title: 'Statistiques par nombre de pax' }],
    menu: [{ group: 'statistiques', routeId: 'stats-per-pax', label: 'Par nombre de pax', order: 10 }],
  };

  it('carries those its build wrote in declarations.json, and a change of them is another release', async () => {
    const withRoutes = await packageRelease(
      options(tempDist({ 'declarations.json': JSON.stringify(declared) })),
    );
    expect(withRoutes.manifest).toMatchObject(declared);
    const renamed = { ...declared, routes: [{ ...declared.routes[0], path: 'ParPax' }] };
    const moved = await packageRelease(options(tempDist({ 'declarations.json': JSON.stringify(renamed) })));
    expect(moved.manifest.id).not.toBe(withRoutes.manifest.id);
  });

  it('refuses declarations promote would refuse, naming the problem', async () => {
    const unknownGroup = { ...declared, menu: [{ ...declared.menu[0], group: 'compta' }] };
    await expect(
      packageRelease(options(tempDist({ 'declarations.json': JSON.stringify(unknownGroup) }))),
    ).rejects.toThrow('groupe de menu inconnu « compta »');
  });
});

describe('publishing a release', () => {
  it('uploads every file byte for byte with its headers, and release.json last', async () => {
    const dist = tempDist();
    const release = await packageRelease(options(dist));
    const { store, puts } = recording(tempStore());

    expect(await publishRelease(store, release)).toEqual({
      status: 'published',
      manifestKey: `mf-stats/${release.manifest.id}/release.json`,
    });
    expect(puts).toHaveLength(release.manifest.files.length + 1);
    expect(puts.at(-1)).toBe(`mf-stats/${release.manifest.id}/${RELEASE_MANIFEST}`);

    const prefix = `mf-stats/${release.manifest.id}/`;
    const variant = await store.get(`${prefix}remoteEntry.js.br`);
    expect(variant?.body.equals(readFileSync(join(dist, 'remoteEntry.js.br')))).toBe(true);
    expect(variant).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      contentEncoding: 'br',
      cacheControl: IMMUTABLE,
    });
    expect(await store.head(`${prefix}static/css/async/expose.5e6f.css`)).toMatchObject({
      contentType: 'text/css; charset=utf-8',
      cacheControl: IMMUTABLE,
    });
    expect(await store.head(`${prefix}index.html`)).toBeNull();
    expect(await readCompleteRelease(store, 'mf-stats', release.manifest.id)).toEqual(release.manifest);
  });

  it('is a no-op for an id already published with the same bytes (a retried pipeline)', async () => {
    const base = tempStore();
    const first = await packageRelease(options(tempDist(), { builtAt: new Date('2026-12-07T01:00:00Z') }));
    await publishRelease(base, first);
    const { store, puts } = recording(base);
    const again = await packageRelease(options(tempDist(), { builtAt: new Date('2026-12-07T02:00:00Z') }));

    expect((await publishRelease(store, again)).status).toBe('unchanged');
    expect(puts).toEqual([]);
    // The first release.json stays: its build time is the first build's.
    expect((await readCompleteRelease(base, 'mf-stats', first.manifest.id))?.builtAt).toBe(
      '2026-12-07T01:00:00.000Z',
    );
  });

  it('refuses an id already published with other bytes, in French, and writes nothing', async () => {
    const base = tempStore();
    const published = await packageRelease(options(tempDist()));
    await publishRelease(base, published);
    const other = await packageRelease(
      options(tempDist({ 'static/js/async/late.3c4d.js': 'export const late = 3;\n' })),
    );
    // The same id with other files (a tampered or hand-made release.json, or another pipeline's upload).
    other.manifest.id = published.manifest.id;
    const { store, puts } = recording(base);

    const error = await publishRelease(store, other).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReleaseConflictError);
    expect((error as ReleaseConflictError).statusCode).toBe(409);
    expect((error as Error).message).toBe(
      `La version ${published.manifest.id} de mf-stats est déjà publiée avec d'autres fichiers.`,
    );
    expect(puts).toEqual([]);
    expect(await readCompleteRelease(base, 'mf-stats', published.manifest.id)).toEqual(published.manifest);
  });

  it('leaves a release stopped mid-upload incomplete (no release.json), and the next attempt completes it', async () => {
    const base = tempStore();
    const release = await packageRelease(options(tempDist()));
    const crashing = recording(base, 5);

    await expect(publishRelease(crashing.store, release)).rejects.toThrow(/connexion perdue/);
    expect(crashing.puts.length).toBeGreaterThan(0);
    expect(crashing.puts).not.toContain(`mf-stats/${release.manifest.id}/${RELEASE_MANIFEST}`);
    expect(await readCompleteRelease(base, 'mf-stats', release.manifest.id)).toBeNull();

    expect((await publishRelease(base, release)).status).toBe('published');
    expect(await readCompleteRelease(base, 'mf-stats', release.manifest.id)).toEqual(release.manifest);
    expect(await base.list(`mf-stats/${release.manifest.id}/`)).toHaveLength(
      release.manifest.files.length + 1,
    );
  });
});
