import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { RELEASES_MESSAGES as M, REALTIME_EVENTS, REALTIME_PATH, releaseEntryPath } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../../../test/helper';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';
import { EXIT, runRegistryCommand } from '../../cli/registry-command';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import { releaseJson } from './releases.fixture';
import { createReleasesService } from './service';

// Issue 38 §2: every API node serves a change of the registry within a second of the command's return. Two real
// API processes on one PostgreSQL (test/two-nodes.ts, docs/deployment.md « Deux nœuds sur une machine »); the
// command runs here, on its own connection, as `pnpm registry` would.

const ACTOR = { kind: 'cli', name: 'cli:test@machine' } as const;
const webRoot = mkdtempSync(join(tmpdir(), 'ebas3-registry-nodes-'));
let nodes: TwoNodes;
let database: DatabaseHandle;

async function servedEntry(url: string): Promise<string> {
  const response = await fetch(`${url}/runtime-config.json`);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const config = (await response.json()) as { remotes: Record<string, string> };
  return config.remotes.mf_stats ?? '';
}

/**
 * How long after `since` the first request that each node answers with `entry` was sent (requests sent for at most
 * a second). Counted at the request's sending, not its answer: on a loaded machine an answer itself can take longer
 * than the second, which says nothing of when the node learnt of the change.
 */
async function delays(since: number, entry: string): Promise<number[]> {
  return Promise.all(
    nodes.urls.map(async (url) => {
      for (let sent = performance.now(); sent - since < 1_000; sent = performance.now()) {
        if ((await servedEntry(url)) === entry) return sent - since;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
}

async function command(...argv: string[]): Promise<number> {
  const lines: string[] = [];
  const code = await runRegistryCommand(argv, database.db, ACTOR, {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    readFile: () => '',
    cwd: webRoot,
  });
  expect(code, lines.join('\n')).toBe(EXIT.ok);
  return performance.now();
}

beforeAll(async () => {
  // No demo data (the registry needs none): both nodes serve the site's registry from an empty WEB_ROOT.
  nodes = await startTwoNodes({ ports: [8510, 8511], env: { DEMO_MODE: '0', WEB_ROOT: webRoot } });
  database = await openDatabase({ kind: 'postgres', url: nodes.databaseUrl });
  const registry = createReleasesService(database.db);
  for (const id of ['n1', 'n2', 'n3', 'n4']) {
    const registered = await registry.register(releaseJson('mf-stats', id), ACTOR);
    expect(registered.message).toBe(M.registered('mf-stats', id));
  }
}, 240_000);
afterAll(async () => {
  await database?.close();
  await nodes?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the registry on two API nodes', () => {
  it('a promote and a rollback are served by both nodes within a second of the command returning', async () => {
    // Both nodes have served (and kept) the build's entry: only the registry's notification can change it.
    for (const url of nodes.urls) expect(await servedEntry(url)).toBe('/remotes/mf-stats/mf-manifest.json');

    const promoted = await command('promote', 'mf-stats', 'n1');
    const afterPromote = await delays(promoted, releaseEntryPath('mf-stats', 'n1'));
    const second = await command('promote', 'mf-stats', 'n2');
    const afterSecond = await delays(second, releaseEntryPath('mf-stats', 'n2'));
    const rolledBack = await command('rollback', 'mf-stats');
    const afterRollback = await delays(rolledBack, releaseEntryPath('mf-stats', 'n1'));
    for (const delay of [...afterPromote, ...afterSecond, ...afterRollback])
      expect(delay).toBeLessThan(1_000);
  });
});

/** A user's socket on a node (the user inserted here: the nodes run without demo data), once connected. */
async function openSocket(url: string, email: string): Promise<Socket> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token } });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  return socket;
}

describe('open tabs on two API nodes', () => {
  it('a promote and a rollback reach the sockets of both nodes within 2 s, once each', async () => {
    await database.db.insert(users).values({
      email: 'onglet.ouvert@test.fr',
      passwordHash: TEST_PASSWORD_HASH,
      nom: 'Onglet',
      prenom: 'Ouvert',
      role: 'agent',
      active: true,
    });
    const sockets = await Promise.all(nodes.urls.map((url) => openSocket(url, 'onglet.ouvert@test.fr')));
    const received: number[][] = sockets.map(() => []);
    sockets.forEach((socket, index) =>
      socket.on(REALTIME_EVENTS.registre, () => received[index]?.push(performance.now())),
    );
    try {
      // Counted from the command's start: the event follows the commit, whichever node or process made it.
      const eventDelays = async (...argv: string[]) => {
        const before = received.map((times) => times.length);
        const started = performance.now();
        await command(...argv);
        const deadline = started + 2_000;
        while (
          received.some((times, index) => times.length === before[index]) &&
          performance.now() < deadline
        )
          await new Promise((resolve) => setTimeout(resolve, 10));
        // Settled: a second event for the same change would show up now.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return received.map((times, index) => {
          expect(times.length - (before[index] ?? 0), `socket ${index}: ${argv.join(' ')}`).toBe(1);
          return (times.at(-1) ?? Number.POSITIVE_INFINITY) - started;
        });
      };
      const delaysOfEvents = [
        ...(await eventDelays('promote', 'mf-stats', 'n3')),
        ...(await eventDelays('promote', 'mf-stats', 'n4')),
        ...(await eventDelays('rollback', 'mf-stats')),
      ];
      for (const delay of delaysOfEvents) expect(delay).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});
