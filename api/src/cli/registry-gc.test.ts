import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { createFolderStore } from '../lib/release-store/folder-store';
import { releaseJson } from '../modules/releases/releases.fixture';
import { createReleasesService } from '../modules/releases/service';
import { EXIT, runRegistryCommand } from './registry-command';
import { selectReleasesToCollect, type GcEvent, type GcRelease } from './registry-gc';

const NOW = new Date('2026-12-20T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);
const r = (n: number) => `r${String(n).padStart(2, '0')}`;
/** r01…r15 of mf-stats, registered one a day, r15 yesterday. */
const RELEASES: GcRelease[] = Array.from({ length: 15 }, (_, i) => ({
  remote: 'mf-stats',
  id: r(i + 1),
  registeredAt: daysAgo(16 - (i + 1)),
}));
const event = (action: string, fromId: string | null, toId: string | null, days: number): GcEvent => ({
  remote: 'mf-stats',
  action,
  fromId,
  toId,
  at: daysAgo(days),
});
const ids = (releases: GcRelease[]) => releases.map((release) => release.id);

describe('selectReleasesToCollect', () => {
  it('keeps the last 10 registered of each remote and deletes the older ones never served', () => {
    const other = { remote: 'mf-demandes', id: 'd1', registeredAt: daysAgo(90) };
    expect(
      ids(selectReleasesToCollect({ releases: [...RELEASES, other], pointers: [], events: [] }, NOW)),
    ).toEqual(['r01', 'r02', 'r03', 'r04', 'r05']);
  });

  it('keeps the live and canary releases, the rollback target and every release served in the last 7 days', () => {
    const events = [
      event('promote', null, 'r01', 14), // live 14 → 9 days ago: out of the window
      event('promote', 'r01', 'r02', 9), // live 9 → 6 days ago: in the window (replaced inside it)
      event('promote', 'r02', 'r03', 6), // live now, and the canary r04 beside it
      event('canary', null, 'r05', 5), // a canary 5 → 4 days ago
      event('canary_rollback', 'r05', null, 4),
      event('canary', null, 'r04', 1),
    ];
    const pointers = [{ remote: 'mf-stats', liveId: 'r03', canaryId: 'r04' }];
    // r02 is also the rollback target (the release r03 replaced).
    expect(ids(selectReleasesToCollect({ releases: RELEASES, pointers, events }, NOW))).toEqual(['r01']);
    // Outside every rule, the live one of long ago goes too once the window has passed.
    expect(
      ids(selectReleasesToCollect({ releases: RELEASES, pointers, events }, NOW, { keepDays: 0 })),
    ).toEqual(['r01', 'r05']);
  });
});

describe('pnpm registry gc', () => {
  const ACTOR = { kind: 'cli', name: 'cli:exploitant@machine' } as const;
  const root = mkdtempSync(join(tmpdir(), 'ebas3-registry-gc-'));
  const store = createFolderStore(root);
  let app: FastifyInstance;

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runRegistryCommand(argv, app.db, ACTOR, {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      readFile: (path) => readFileSync(path, 'utf8'),
      cwd: root,
      openStore: () => store,
    });
    return { code, out };
  };
  const filesOf = async (id: string) => store.list(`mf-gc/${id}/`);

  beforeAll(async () => {
    app = await buildTestApp();
    const registry = createReleasesService(app.db);
    for (let n = 1; n <= 12; n += 1) {
      const id = r(n);
      await store.put(`mf-gc/${id}/remoteEntry.js`, Buffer.from(`entry ${id}`), {
        contentType: 'text/javascript',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      await store.put(`mf-gc/${id}/release.json`, Buffer.from('{}'), {
        contentType: 'application/json',
        cacheControl: 'no-cache',
      });
      await registry.register(releaseJson('mf-gc', id), ACTOR);
    }
    await registry.promote('mf-gc', 'r01', {}, ACTOR);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('--dry-run lists what it would delete and deletes nothing; gc deletes files and rows, the trail stays', async () => {
    const dry = await run('gc', '--dry-run');
    expect(dry.code).toBe(EXIT.ok);
    // r01 is live; r03…r12 are the last 10 registered (same instant: the greater ids first).
    expect(dry.out).toEqual([
      'à supprimer : mf-gc r02 (2 fichier(s))',
      `1 version(s) seraient supprimées de ${store.description} ; rien n'a été supprimé (--dry-run).`,
    ]);
    expect(await filesOf('r02')).toHaveLength(2);

    const done = await run('gc');
    expect(done.out).toEqual([
      'supprimée : mf-gc r02 (2 fichier(s))',
      `1 version(s) supprimées de ${store.description} et du registre.`,
    ]);
    expect(await filesOf('r02')).toEqual([]);
    expect(await filesOf('r01')).toHaveLength(2);
    const status = await run('status', '--json');
    expect(JSON.parse(status.out.join('\n'))).toMatchObject([
      { remote: 'mf-gc', registered: 11, live: { id: 'r01' } },
    ]);
    // The trail still names r02 (its registration), by id, and says who deleted it and when.
    const history = await run('history', 'mf-gc', '--limit', '500', '--json');
    const events = JSON.parse(history.out.join('\n')) as { action: string; fromId: string; actor: string }[];
    expect(events.filter((e) => e.fromId === 'r02' || e.action === 'gc')).toMatchObject([
      { action: 'gc', fromId: 'r02', toId: null, actorKind: 'cli', actor: ACTOR.name },
    ]);
    expect(events.some((e) => e.action === 'register' && JSON.stringify(e).includes('r02'))).toBe(true);
    expect((await run('history', 'mf-gc', '--limit', '1')).out).toEqual([
      expect.stringMatching(/ {2}Suppression \(rétention\) {2}r02 → — {2}par cli:exploitant@machine$/),
    ]);
    expect((await run('gc')).out).toEqual([
      'Aucune version à supprimer (rétention : 10 dernières par module, servies depuis 7 jours).',
    ]);
  });
});
