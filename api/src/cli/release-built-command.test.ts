import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/raw';
import { distFixture, hostDistFixture } from '../lib/release-store/dist.fixture';
import { createFolderStore } from '../lib/release-store/folder-store';
import { createReleasesService } from '../modules/releases';
import { releaseBuilt } from './release-built-command';

const COMMIT = { hash: '544595d0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6', date: new Date('2026-12-07T00:27:00Z') };
const ACTOR = { kind: 'cli', name: 'cli:test@machine' } as const;
const ID = /^20261207-002700-544595d-[0-9a-f]{12}$/;

let root: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  handle = await openDatabase(database.options);
  drop = database.drop;
  root = mkdtempSync(join(tmpdir(), 'ebas3-release-built-'));
  hostDistFixture(root, 'v1');
  const stats = distFixture();
  cpSync(stats, join(root, 'mf-stats', 'dist'), { recursive: true });
  rmSync(stats, { recursive: true, force: true });
});
afterAll(async () => {
  await handle.close();
  await drop();
  rmSync(root, { recursive: true, force: true });
});

async function start() {
  const out: string[] = [];
  await releaseBuilt({
    repoRoot: root,
    store: createFolderStore(join(root, 'store')),
    registry: createReleasesService(handle.db),
    actor: ACTOR,
    commit: COMMIT,
    print: (line) => out.push(line),
    apps: ['host-shell', 'mf-stats', 'mf-demandes'],
  });
  return out;
}

const live = () =>
  rowsOf<{ remote: string; live_id: string }>(
    handle.db,
    sql`select remote, live_id from release_pointers order by remote`,
  );
const events = () =>
  rowsOf<{ remote: string; action: string }>(
    handle.db,
    sql`select remote, action from release_events order by id`,
  );

describe("npm start's release step", () => {
  let hostV1: string;

  it('publishes, registers and puts live what was built, the host included', async () => {
    const out = await start();
    expect(out[0]).toBe(`Magasin des versions : ${join(root, 'store')}`);
    expect(out[1]).toMatch(/^host-shell : \S+ publiée, mise en ligne$/);
    expect(out[2]).toMatch(/^mf-stats : \S+ publiée, mise en ligne$/);
    expect(out[3]).toBe('mf-demandes : pas de construction dans mf-demandes/dist, servi sans version.');
    const pointers = await live();
    expect(pointers.map((pointer) => pointer.remote)).toEqual(['host-shell', 'mf-stats']);
    for (const pointer of pointers) expect(pointer.live_id).toMatch(ID);
    hostV1 = pointers[0]?.live_id ?? '';
  });

  it('changes nothing when started again on the same build', async () => {
    const before = await events();
    const out = await start();
    expect(out.slice(1, 3)).toEqual([
      `host-shell : ${hostV1} déjà en ligne`,
      expect.stringMatching(/^mf-stats : \S+ déjà en ligne$/),
    ]);
    expect(await events()).toEqual(before);
  });

  it('puts a new build live, the previous one kept for a rollback', async () => {
    rmSync(join(root, 'host-shell'), { recursive: true, force: true });
    hostDistFixture(root, 'v2');
    const out = await start();
    expect(out[1]).toMatch(new RegExp(`^host-shell : \\S+ publiée, mise en ligne \\(remplace ${hostV1}\\)$`));
    const hostV2 = (await live())[0]?.live_id;
    expect(hostV2).toMatch(ID);
    expect(hostV2).not.toBe(hostV1);
    const service = createReleasesService(handle.db);
    await service.rollback('host-shell', {}, ACTOR);
    expect((await service.remoteStatus('host-shell')).live?.id).toBe(hostV1);
  });
});
