import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  DECLARATIONS_FILE,
  RELEASES_MESSAGES as M,
  releaseEntryPath,
  type RemoteDeclarations,
  type RemoteStatus,
} from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { releaseJson } from '../modules/releases/releases.fixture';
import { generatedRuntimeConfig } from '../plugins/static-site';
import { EXIT, runRegistryCommand } from './registry-command';

const ACTOR = { kind: 'cli', name: 'cli:exploitant@machine' } as const;
const dir = mkdtempSync(join(tmpdir(), 'ebas3-registry-cli-'));
let app: FastifyInstance;

/** Runs `pnpm registry …` on the test database: its exit code and what it printed. */
async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRegistryCommand(argv, app.db, ACTOR, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readFile: (path) => readFileSync(path, 'utf8'),
    cwd: dir,
    webRoot: dir,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The routes and menu entry a remote's build declares (`<remote>/dist/declarations.json`). */
const BUILT = (name: string): RemoteDeclarations => ({
  routes: [{ id: `${name}-liste`, path: `${name}-construit`, title: `Liste ${name}` }],
  menu: [{ group: 'client', routeId: `${name}-liste`, label: `Liste ${name}`, order: 10 }],
});

beforeAll(async () => {
  app = await buildTestApp();
  for (const name of ['stats', 'demandes']) {
    mkdirSync(join(dir, `mf-${name}`, 'dist'), { recursive: true });
    writeFileSync(join(dir, `mf-${name}`, 'dist', DECLARATIONS_FILE), JSON.stringify(BUILT(name)));
  }
  for (const id of ['c1', 'c2'])
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(releaseJson('mf-stats', id)));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pnpm registry', () => {
  it('status, register, promote, history and rollback, in French, exit 0', async () => {
    expect((await run('status')).out).toMatch(/^Aucune version enregistrée/);
    for (const id of ['c1', 'c2']) {
      const registered = await run('register', `${id}.json`);
      expect(registered).toEqual({ code: EXIT.ok, out: M.registered('mf-stats', id), err: '' });
    }
    expect(await run('promote', 'mf-stats', 'c1', '--reason', 'première livraison')).toMatchObject({
      code: EXIT.ok,
      out: M.promoted('mf-stats', 'c1'),
    });
    expect((await run('promote', 'mf-stats', 'c2', '--canary', '20')).out).toBe(
      M.canaryStarted('mf-stats', 'c2', 20),
    );
    const status = await run('status');
    expect(status.out).toContain('mf-stats — 2 version(s) enregistrée(s)');
    expect(status.out).toContain('en ligne : c1 (commit abc1234');
    expect(status.out).toContain('canari   : c2 pour 20 % des utilisateurs');
    const json = JSON.parse((await run('status', '--json')).out) as RemoteStatus[];
    expect(json[0]).toMatchObject({ remote: 'mf-stats', live: { id: 'c1' }, canary: { percent: 20 } });
    // Without --reason: accepted, the history says « Sans motif ».
    expect((await run('rollback', 'mf-stats')).out).toBe(M.canaryWithdrawn('mf-stats', 'c2'));
    expect((await run('history', 'mf-stats', '--limit', '1')).out).toMatch(
      /Canari retiré {2}c2 → — {2}par cli:exploitant@machine : Sans motif$/,
    );
    expect((await run('promote', 'mf-stats', 'c2')).code).toBe(EXIT.ok);
    expect((await run('rollback', 'mf-stats', '--reason', 'régression')).out).toBe(
      M.rolledBack('mf-stats', 'c2', 'c1'),
    );
    const history = (await run('history', 'mf-stats')).out.split('\n');
    expect(history[0]).toMatch(/Retour arrière {2}c2 → c1 {2}par cli:exploitant@machine : régression$/);
    expect(history.at(-1)).toMatch(/Enregistrement {2}— → c1 {2}par cli:exploitant@machine$/);
  });

  it('refuses with exit code 1 and the registry’s French message, changing nothing', async () => {
    expect(await run('promote', 'mf-stats', 'inconnue')).toEqual({
      code: EXIT.refused,
      out: '',
      err: `Refusé : ${M.unknownRelease('inconnue')}`,
    });
    expect(await run('promote', 'mf-stats', 'c1')).toMatchObject({
      code: EXIT.refused,
      err: `Refusé : ${M.alreadyLive('mf-stats', 'c1')}`,
    });
    expect((await run('promote', 'mf-stats', 'c2', '--canary', '100')).err).toBe(
      `Refusé : ${M.canaryPercent(1, 99)}`,
    );
    expect((await run('rollback', 'mf-demandes')).code).toBe(EXIT.refused);
    expect((await run('promote', 'mf-stats', 'c2', '--version', '1')).err).toBe(`Refusé : ${M.stale}`);
  });

  it('answers a wrong usage with exit code 2 and the usage', async () => {
    expect((await run()).code).toBe(EXIT.usage);
    expect((await run('promouvoir')).err).toMatch(/^Commande inconnue : promouvoir\nUtilisation/);
    expect((await run('promote', 'mf-stats')).code).toBe(EXIT.usage);
    expect((await run('promote', 'mf-stats', 'c2', '--canary', 'dix')).err).toContain('--canary');
    expect((await run('status', '--inconnue')).code).toBe(EXIT.usage);
  });

  it('export writes the served registry atomically: a new file renamed over the old one, no temporary left', async () => {
    const file = join(dir, 'runtime-config.json');
    writeFileSync(file, '{"ancien":true}');
    const before = statSync(file).ino;
    const exported = await run('export', 'runtime-config.json');
    expect(exported.code, exported.err).toBe(EXIT.ok);
    const config = JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof generatedRuntimeConfig> & {
      declarations?: Record<string, RemoteDeclarations>;
    };
    expect(config.remotes.mf_stats).toBe(releaseEntryPath('mf-stats', 'c1'));
    expect(config.remotes.mf_demandes).toBe(generatedRuntimeConfig().remotes.mf_demandes);
    // c1 declares no routes, mf-demandes has no release: both get their build's, as the API serves them.
    expect(config.declarations).toEqual({ mf_stats: BUILT('stats'), mf_demandes: BUILT('demandes') });
    // Replaced, not rewritten in place: a reader had the old file or the new one.
    expect(statSync(file).ino).not.toBe(before);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const failed = await run('export', 'dossier-absent/runtime-config.json');
    expect(failed.code).toBe(EXIT.failed);
    expect(failed.err).toMatch(/^Échec : /);
  });
});
