import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/raw';
import { distFixture, hostDistFixture } from '../lib/release-store/dist.fixture';
import { createReleasesService } from '../modules/releases';
import { unmetByHost } from '../modules/releases/compatibility';
import { createFolderStore } from '../lib/release-store/folder-store';
import { kilobytes } from './first-visit-budget';
import { RELEASE_EXIT, runRelease, type ReleaseSteps } from './release-command';

const COMMIT = { hash: '544595d0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6', date: new Date('2026-12-07T00:27:00Z') };

let root: string;
let repoRoot: string;
let storeRoot: string;
let builtDist: string;
/** What the fake build of each app leaves in its dist. */
const builtDists: Record<string, string> = {};
/** The registry the releases are registered in: the real service on a database of the run's PostgreSQL. */
let registry: DatabaseHandle;
let dropRegistry: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  registry = await openDatabase(database.options);
  dropRegistry = database.drop;
  root = mkdtempSync(join(tmpdir(), 'ebas3-release-cmd-'));
  repoRoot = join(root, 'repo');
  storeRoot = join(root, 'store');
  for (const app of ['mf-stats', 'mf-demandes', 'host-shell']) {
    mkdirSync(join(repoRoot, app), { recursive: true });
    writeFileSync(join(repoRoot, app, 'package.json'), `{"name":"${app}"}`);
  }
  builtDist = distFixture();
  builtDists['mf-stats'] = builtDist;
  builtDists['host-shell'] = hostDistFixture(join(root, 'host-build'), 'v1');
  // A first screen of ≈ 130 kB brotli: random bytes do not compress.
  builtDists['mf-demandes'] = distFixture({
    'static/js/async/expose.1a2b.js': `export const lourd = "${randomBytes(100 * 1024).toString('base64')}";\n`,
  });
});
afterAll(async () => {
  await registry.close();
  await dropRegistry();
  rmSync(root, { recursive: true, force: true });
  rmSync(builtDist, { recursive: true, force: true });
  rmSync(builtDists['mf-demandes'] ?? '', { recursive: true, force: true });
});

/** Steps that record the commands; the build copies a prepared dist; `failing` names a command that fails. */
function fakeSteps(failing?: string) {
  const commands: string[] = [];
  const steps: ReleaseSteps = {
    async run(command, args) {
      const line = [command, ...args].join(' ');
      commands.push(line);
      if (failing !== undefined && line.includes(failing)) return false;
      const built = / --filter \.\/(\S+) build$/.exec(line)?.[1];
      if (built !== undefined)
        cpSync(builtDists[built] ?? '', join(repoRoot, built, 'dist'), { recursive: true });
      return true;
    },
    commit: async () => ({ ...COMMIT, dirty: false }),
    register: async (manifest) =>
      (
        await createReleasesService(registry.db).register(
          { ...manifest, routes: [...manifest.routes], menu: [...manifest.menu] },
          { kind: 'cli', name: 'cli:test' },
        )
      ).message,
  };
  return { steps, commands };
}

async function release(argv: string[], failing?: string) {
  const { steps, commands } = fakeSteps(failing);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRelease(argv, {
    repoRoot,
    store: createFolderStore(storeRoot),
    steps,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err, commands };
}

const registered = () =>
  rowsOf<{ id: string; commit: string }>(
    registry.db,
    sql`select id, commit from releases where remote = 'mf-stats' order by id`,
  );

describe('pnpm release <remote>', () => {
  let id: string;

  it('checks, builds, pre-compresses, packages and publishes, then prints the id; says what is not done yet', async () => {
    const { code, out, err, commands } = await release(['mf-stats']);
    expect(err).toEqual([]);
    expect(code).toBe(RELEASE_EXIT.ok);
    expect(commands).toEqual([
      'pnpm --filter ./mf-stats lint',
      'pnpm exec tsc -p mf-stats/tsconfig.json',
      'pnpm --filter ./mf-stats test',
      'pnpm --filter ./mf-stats build',
      `node scripts/compress-dist.mjs ${join(repoRoot, 'mf-stats', 'dist')}`,
    ]);
    id = out.at(-1) ?? '';
    expect(id).toMatch(/^20261207-002700-544595d-[0-9a-f]{12}$/);
    expect(out).toContain(`Publiée dans ${storeRoot} : mf-stats/${id}/release.json`);
    expect(out).toContain(
      "Compatibilité avec l'hôte : non vérifiée (mf-stats n'a pas écrit requirements.json).",
    );
    expect(JSON.parse(readFileSync(join(storeRoot, 'mf-stats', id, 'release.json'), 'utf8')).id).toBe(id);
    // Registered, not promoted: the registry knows it, the live release is unchanged.
    expect(out.join('\n')).toMatch(/^Registre : .*mf-stats/m);
    expect(out).toContain(
      `Pour la mettre en ligne : pnpm registry promote mf-stats ${id} [--canary <pourcentage>] --reason "…"`,
    );
    expect(await registered()).toEqual([{ id, commit: COMMIT.hash }]);
  });

  it('is a no-op when run again on the same commit (a retried pipeline)', async () => {
    const { code, out } = await release(['mf-stats', '--skip-checks']);
    expect(code).toBe(RELEASE_EXIT.ok);
    expect(out).toContain('Vérifications (lint, types, tests) de mf-stats : sautées (--skip-checks).');
    expect(out.at(-1)).toBe(id);
    expect(out.join('\n')).toMatch(/Déjà publiée à l'identique/);
  });

  it('exits « déjà publiée avec d’autres fichiers » when the registry holds the id with another release.json', async () => {
    await registry.db.execute(
      sql`update releases set manifest = manifest || '{"reconstruite": true}' where remote = 'mf-stats' and id = ${id}`,
    );
    const { code, err } = await release(['mf-stats', '--skip-checks']);
    expect(code).toBe(RELEASE_EXIT.alreadyPublished);
    expect(err.join('\n')).toContain(id);
    await registry.db.execute(
      sql`update releases set manifest = manifest - 'reconstruite' where remote = 'mf-stats' and id = ${id}`,
    );
  });

  it('exits « déjà publiée avec d’autres fichiers » when the id is in the store with other bytes', async () => {
    const manifestPath = join(storeRoot, 'mf-stats', id, 'release.json');
    const stored = JSON.parse(readFileSync(manifestPath, 'utf8'));
    stored.files[0].sha256 = '0'.repeat(64);
    writeFileSync(manifestPath, JSON.stringify(stored));

    const { code, err } = await release(['mf-stats', '--skip-checks']);
    expect(code).toBe(RELEASE_EXIT.alreadyPublished);
    expect(err.join('\n')).toContain(`La version ${id} de mf-stats est déjà publiée avec d'autres fichiers.`);
  });

  it('exits « vérifications échouées » on a failed check, before building anything', async () => {
    const { code, err, commands } = await release(['mf-stats'], 'tsc');
    expect(code).toBe(RELEASE_EXIT.checksFailed);
    expect(err).toEqual([
      "Vérifications échouées : vérification des types de mf-stats. Rien n'a été publié.",
    ]);
    expect(commands.some((command) => command.endsWith(' build'))).toBe(false);
  });

  it('refuses no remote, an unknown one or an unknown option, with the usage', async () => {
    for (const argv of [
      [],
      ['mf-inconnu'],
      ['../api'],
      ['mf-stats', '--force'],
      ['mf-stats', 'mf-demandes'],
    ]) {
      const { code, err, commands } = await release(argv);
      expect(code, argv.join(' ')).toBe(RELEASE_EXIT.usage);
      expect(err.join('\n'), argv.join(' ')).toMatch(/Usage : pnpm release|Module inconnu/);
      expect(commands).toEqual([]);
    }
  });

  it('releases the host like a remote: its page and files, without the development registry', async () => {
    const { code, out, err, commands } = await release(['host-shell']);
    expect(err).toEqual([]);
    expect(code).toBe(RELEASE_EXIT.ok);
    expect(commands).toEqual([
      'pnpm --filter ./host-shell lint',
      'pnpm exec tsc -p host-shell/tsconfig.json',
      'pnpm --filter ./host-shell test',
      'pnpm --filter ./host-shell build',
      `node scripts/compress-dist.mjs ${join(repoRoot, 'host-shell', 'dist')}`,
    ]);
    const hostId = out.at(-1) ?? '';
    const manifest = JSON.parse(readFileSync(join(storeRoot, 'host-shell', hostId, 'release.json'), 'utf8'));
    const paths = manifest.files.map((file: { path: string }) => file.path);
    expect(paths).toContain('index.html');
    expect(paths).toContain('index.html.br');
    expect(paths).not.toContain('runtime-config.json');
    // Its first visit: the page and what the page names, not the chunks loaded later.
    expect(manifest.firstVisit.files).toEqual([
      'favicon.svg',
      'index.html',
      'static/js/async/lib.0a1b.js',
      'static/js/index.v1.js',
    ]);
    expect(out).toContain(
      `Première visite : ${kilobytes(manifest.firstVisit.brotliBytes)} brotli en 4 fichiers, budget 300,0 kB.`,
    );
  });

  it('exits « vérifications échouées » when the first visit is over its budget, publishing nothing', async () => {
    const { code, out, err } = await release(['mf-demandes', '--skip-checks']);
    expect(code).toBe(RELEASE_EXIT.checksFailed);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^Vérifications échouées : la première visite de mf-demandes pèse 1\d\d,\d kB brotli \(4 fichiers : mf-manifest\.json, remoteEntry\.js, static\/css\/async\/expose\.5e6f\.css, static\/js\/async\/expose\.1a2b\.js\), au-delà de son budget de 100,0 kB\. Rien n'a été publié\.$/,
    );
    expect(out.join('\n')).not.toMatch(/Publiée|Registre/);
    expect(existsSync(join(storeRoot, 'mf-demandes'))).toBe(false);
    const rows = await rowsOf(registry.db, sql`select id from releases where remote = 'mf-demandes'`);
    expect(rows).toEqual([]);
  });

  it('exits « incompatible » naming each requirement the host or the API does not meet, nothing published', async () => {
    const hostDist = mkdtempSync(join(tmpdir(), 'ebas3-host-dist-'));
    const host = {
      singletons: { react: '19.3.1' },
      antd: [],
      exports: {},
      permissions: [],
      federation: '2.9.1',
    };
    writeFileSync(join(hostDist, 'provides.json'), JSON.stringify(host));
    const requirements = {
      singletons: { react: '^20.0.0' },
      api: ['GET /stats/pax', 'GET /stats/nulle-part'],
    };
    const incompatibleDist = distFixture({ 'requirements.json': JSON.stringify(requirements) });
    const { steps, commands } = fakeSteps();
    const err: string[] = [];
    const code = await runRelease(['mf-stats', '--skip-checks'], {
      repoRoot,
      store: createFolderStore(storeRoot),
      steps: {
        ...steps,
        async run(command, args) {
          commands.push([command, ...args].join(' '));
          if (args.at(-1) === 'build') {
            rmSync(join(repoRoot, 'mf-stats', 'dist'), { recursive: true, force: true });
            cpSync(incompatibleDist, join(repoRoot, 'mf-stats', 'dist'), { recursive: true });
          }
          return true;
        },
        compatibility: (required) =>
          unmetByHost(registry.db, required, {
            hostBuildDir: () => hostDist,
            apiOperations: () => ['GET /stats/pax'],
          }),
      },
      print: () => undefined,
      printError: (line) => err.push(line),
    });
    rmSync(hostDist, { recursive: true, force: true });
    rmSync(incompatibleDist, { recursive: true, force: true });
    rmSync(join(repoRoot, 'mf-stats', 'dist'), { recursive: true, force: true });
    expect(code).toBe(RELEASE_EXIT.incompatible);
    expect(err).toEqual([
      `Incompatible : mf-stats requiert ce que la construction ${join(hostDist, 'provides.json')} ne fournit pas : react ^20.0.0 requis, l'hôte fournit 19.3.1 ; opération d'API GET /stats/nulle-part requise, l'API ne la fournit pas. Rien n'a été publié.`,
    ]);
    expect(await registered()).toHaveLength(1);
  });

  it('keeps one exit code per outcome', () => {
    expect(new Set(Object.values(RELEASE_EXIT)).size).toBe(Object.keys(RELEASE_EXIT).length);
  });
});
