import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RELEASES_MESSAGES as M, type RemoteStatus, type ReleaseEvent } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { oneOf } from '../../db/raw';
import { releaseEvents, releasePointers } from '../../db/schema';
import { releaseJson } from './releases.fixture';
import { createReleasesService, rollbackTarget } from './service';

let app: FastifyInstance;
let admin: string;
let agent: string;

const post = (url: string, payload: unknown, token = admin) =>
  app.inject({
    method: 'POST',
    url: `/api/registry${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
const register = (remote: string, id: string, extra?: Record<string, unknown>) =>
  post('/releases', { release: releaseJson(remote, id, extra) });
const promote = (remote: string, body: Record<string, unknown>) => post(`/${remote}/promote`, body);
const rollback = (remote: string, body: Record<string, unknown> = {}) => post(`/${remote}/rollback`, body);
const history = async (remote: string) =>
  (await app.inject({ method: 'GET', url: `/api/registry/${remote}/history`, headers: bearer(admin) })).json<{
    data: ReleaseEvent[];
  }>().data;
const pointer = async (remote: string) =>
  (
    await app.db
      .select()
      .from(releasePointers)
      .where(sql`${releasePointers.remote} = ${remote}`)
  )[0];
const eventCount = async () => (await app.db.select().from(releaseEvents)).length;

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await userToken(app, 'admin')).token;
  agent = (await userToken(app, 'agent')).token;
  for (const id of ['v1', 'v2', 'v3', 'v4']) expect((await register('mf-stats', id)).statusCode).toBe(201);
  expect((await register('mf-demandes', 'd1')).statusCode).toBe(201);
});
afterAll(() => app.close());

describe('register', () => {
  it('registers once: the same content again is a no-op, other content for the same id is refused', async () => {
    const first = await register('mf-referentiel', 'r1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: M.registered('mf-referentiel', 'r1'),
      data: { remote: 'mf-referentiel', id: 'r1', commit: 'abc1234', filesCount: 2, firstVisitBytes: 12_345 },
    });
    const events = await eventCount();
    const again = await register('mf-referentiel', 'r1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ message: string }>().message).toBe(M.alreadyRegistered('mf-referentiel', 'r1'));
    const other = await register('mf-referentiel', 'r1', { commit: 'def5678' });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toEqual({ message: M.otherContent('mf-referentiel', 'r1') });
    expect(await eventCount()).toBe(events);
    expect((await history('mf-referentiel'))[0]).toMatchObject({
      action: 'register',
      toId: 'r1',
      actorKind: 'user',
    });
  });

  it('refuses an invalid release.json in French, and an agent', async () => {
    const bad = await post('/releases', { release: { ...releaseJson('mf-stats', '../x') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^Le champ release\.id/);
    const extra = await post('/releases', { release: releaseJson('mf-stats', 'v9'), autre: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await post('/releases', { release: releaseJson('mf-stats', 'v9') }, agent)).statusCode).toBe(403);
  });
});

describe('promote and roll back', () => {
  it('refuses an unknown release (404) and another remote’s (409), changing nothing', async () => {
    const events = await eventCount();
    const unknown = await promote('mf-stats', { id: 'inconnue' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: M.unknownRelease('inconnue') });
    const foreign = await promote('mf-stats', { id: 'd1' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ message: M.foreignRelease('d1', 'mf-demandes', 'mf-stats') });
    expect(await pointer('mf-stats')).toBeUndefined();
    expect(await eventCount()).toBe(events);
  });

  it('refuses a canary before anything is live, and a percentage outside 1–99 in French', async () => {
    const early = await promote('mf-stats', { id: 'v2', canary: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: M.canaryNeedsLive('mf-stats') });
    for (const canary of [0, 100, 12.5]) {
      const response = await promote('mf-stats', { id: 'v2', canary });
      expect(response.statusCode, String(canary)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Le champ canary /);
    }
    const service = createReleasesService(app.db);
    await expect(
      service.promote('mf-stats', 'v2', { canary: 100 }, { kind: 'cli', name: 'cli:test' }),
    ).rejects.toThrow(M.canaryPercent(1, 99));
  });

  it('promote → promote → promote → rollback → rollback goes back one live release at a time', async () => {
    expect((await rollback('mf-stats')).json()).toEqual({ message: M.noPrevious('mf-stats') });
    for (const id of ['v1', 'v2', 'v3']) {
      const response = await promote('mf-stats', { id, reason: `livraison ${id}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: RemoteStatus }>().data.live?.id).toBe(id);
    }
    const again = await promote('mf-stats', { id: 'v3' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: M.alreadyLive('mf-stats', 'v3') });

    const first = await rollback('mf-stats', { reason: 'erreur en production' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: M.rolledBack('mf-stats', 'v3', 'v2'),
      data: { live: { id: 'v2' } },
    });
    // The reason is optional; a blank one is no reason (the history shows « Sans motif »).
    const second = await rollback('mf-stats', { reason: '   ' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ data: RemoteStatus }>().data.live?.id).toBe('v1');
    const third = await rollback('mf-stats');
    expect(third.statusCode).toBe(409);
    expect((await pointer('mf-stats'))?.liveId).toBe('v1');

    const trail = await history('mf-stats');
    expect(trail.slice(0, 5).map((event) => [event.action, event.fromId, event.toId])).toEqual([
      ['rollback', 'v2', 'v1'],
      ['rollback', 'v3', 'v2'],
      ['promote', 'v2', 'v3'],
      ['promote', 'v1', 'v2'],
      ['promote', null, 'v1'],
    ]);
    expect(trail[0]).toMatchObject({ reason: null });
    expect(trail[1]).toMatchObject({ reason: 'erreur en production', actorKind: 'user' });
    expect(trail[1]?.actor).toMatch(/@test\.fr$/);
  });

  it('starts a canary beside the live release, and a rollback withdraws the canary first', async () => {
    const canary = await promote('mf-stats', { id: 'v4', canary: 10 });
    expect(canary.statusCode, canary.body).toBe(200);
    expect(canary.json()).toMatchObject({
      message: M.canaryStarted('mf-stats', 'v4', 10),
      data: { live: { id: 'v1' }, canary: { release: { id: 'v4' }, percent: 10 } },
    });
    const withdrawn = await rollback('mf-stats');
    expect(withdrawn.json()).toMatchObject({
      message: M.canaryWithdrawn('mf-stats', 'v4'),
      data: { live: { id: 'v1' }, canary: null },
    });
  });

  it('the target of a rollback: each promote stacks the release it replaced, each rollback pops one', () => {
    const promote = (fromId: string | null) => ({ action: 'promote', fromId });
    const back = { action: 'rollback', fromId: 'x' };
    expect(rollbackTarget([promote(null)])).toBeNull();
    expect(rollbackTarget([promote(null), promote('v1'), promote('v2'), back])).toBe('v1');
    expect(rollbackTarget([promote(null), promote('v1'), back, promote('v1')])).toBe('v1');
    expect(rollbackTarget([promote(null), promote('v1'), back, back])).toBeNull();
  });
});

describe('compare-and-swap', () => {
  it('two promotes decided on the same version: exactly one succeeds, the other gets 409', async () => {
    const { version } = (await pointer('mf-stats'))!;
    const answers = await Promise.all([
      promote('mf-stats', { id: 'v2', version }),
      promote('mf-stats', { id: 'v3', version }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({ message: M.stale });
    expect((await pointer('mf-stats'))?.version).toBe(version + 1);
  });

  it('two concurrent transactions that read the same pointer: the second one’s swap finds it moved (409)', async () => {
    const remote = 'mf-rooming-pointage';
    for (const id of ['p1', 'p2', 'p3']) expect((await register(remote, id)).statusCode).toBe(201);
    expect((await promote(remote, { id: 'p1' })).statusCode).toBe(200);
    const before = (await pointer(remote))!;
    const events = await eventCount();
    let unlock!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Holds the pointer's row: both promotes read it, then wait on their UPDATE, in two real transactions.
    const holder = app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from release_pointers where remote = ${remote} for update`);
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    const answers = Promise.all([promote(remote, { id: 'p2' }), promote(remote, { id: 'p3' })]);
    let waiting = 0;
    for (let attempt = 0; attempt < 400 && waiting < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const row = await oneOf<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      waiting = row?.n ?? 0;
    }
    // Both have read the pointer at the same version and wait to swap it.
    expect(waiting).toBe(2);
    unlock();
    await holder;
    const [a, b] = await answers;
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((answer) => answer.statusCode === 409)?.json()).toEqual({ message: M.stale });
    const after = (await pointer(remote))!;
    expect(after.version).toBe(before.version + 1);
    expect(await eventCount()).toBe(events + 1);
  });

  it('a change and its audit row commit together: an event that cannot be written leaves the pointer as it was', async () => {
    const before = (await pointer('mf-stats'))!;
    const events = await eventCount();
    const target = before.liveId === 'v2' ? 'v3' : 'v2';
    const service = createReleasesService(app.db);
    // No such account: the event's foreign key fails after the pointer was swapped, in the same transaction.
    await expect(
      service.promote('mf-stats', target, {}, { kind: 'user', userId: 2_000_000_000, name: 'fantôme' }),
    ).rejects.toThrow();
    expect(await pointer('mf-stats')).toEqual(before);
    expect(await eventCount()).toBe(events);
  });
});

describe('status and history', () => {
  it('lists every remote with a release registered, its live release, canary and version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/registry', headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: RemoteStatus[] }>().data;
    const byRemote = new Map(data.map((remote) => [remote.remote, remote]));
    expect(byRemote.get('mf-demandes')).toMatchObject({
      live: null,
      canary: null,
      version: null,
      registered: 1,
    });
    expect(byRemote.get('mf-stats')).toMatchObject({
      registered: 4,
      live: { remote: 'mf-stats', filesCount: 2 },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/registry', headers: bearer(agent) })).statusCode,
    ).toBe(403);
  });

  it('history refuses an unknown parameter and an invalid remote name', async () => {
    const extra = await app.inject({
      method: 'GET',
      url: '/api/registry/mf-stats/history?tri=1',
      headers: bearer(admin),
    });
    expect(extra.statusCode).toBe(400);
    const invalid = await app.inject({
      method: 'GET',
      url: '/api/registry/MF_STATS/history',
      headers: bearer(admin),
    });
    expect(invalid.statusCode).toBe(400);
  });
});
