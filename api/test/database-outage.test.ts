/**
 * The API when its embedded PostgreSQL dies (issue 36, docs/database.md « When PostgreSQL dies »): an API on a server
 * of its own — not the run's shared one, which every other file needs — and a second node on the same server through
 * its URL (the socket.io PostgreSQL adapter's pool, as several nodes run). The postmaster is killed with SIGKILL in
 * the middle of a transaction: no crash, 503 with the French message and Retry-After meanwhile (health included),
 * then writes succeed again on both nodes without restarting either — the API restarted its server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { COMMON_MESSAGES, REFERENTIEL_PATHS } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { isDatabaseUnavailable } from '../src/errors';
import { bearer, createUser, FAST_SCRYPT, login } from './helper';

const root = mkdtempSync(join(tmpdir(), 'ebas3-panne-'));
const dataDir = join(root, 'data');
/** Long enough to see the outage from the outside, short enough for the suite. */
const BACKOFF = { firstMs: 1_500, maxMs: 4_000 };

/** Every log line of node A (pino JSON), for the restart attempts. */
const logged: Array<{ msg: string }> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    callback();
  },
});
const messages = () => logged.map((line) => line.msg);

const common: Partial<BuildAppOptions> = {
  // One secret for both nodes: a token from either works on the other.
  jwtSecret: 'secret-partage-des-deux-noeuds-du-test-de-panne-0123456789',
  passwordHashing: FAST_SCRYPT,
  exportRender: { priority: 'normal' },
};

let nodeA: FastifyInstance | undefined;
let nodeB: FastifyInstance | undefined;
let token: string;

beforeAll(async () => {
  nodeA = await buildApp({
    ...common,
    database: { kind: 'embedded', dataDir, maxConnections: 4, backoff: BACKOFF },
    logger: { level: 'info', stream: logStream },
  });
  nodeB = await buildApp({
    ...common,
    database: { kind: 'postgres', url: nodeA.dbUrl, maxConnections: 4, backoff: BACKOFF },
  });
  const admin = await createUser(nodeA, { role: 'admin' });
  token = await login(nodeA, admin.email);
});

/**
 * Both nodes close within 20 s — a client the outage kept out of a pool held its close for ever — and the server is
 * stopped whatever happens (a test that failed half-way must not leave it running).
 */
afterAll(async () => {
  const closing = (async () => {
    await nodeB?.close();
    await nodeA?.close();
  })();
  const closed = await Promise.race([
    closing.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
  ]);
  if (existsSync(join(dataDir, 'postgres', 'postmaster.pid')) && alive(postmasterPid()))
    process.kill(postmasterPid(), 'SIGINT');
  rmSync(root, { recursive: true, force: true });
  expect(closed, 'les deux nœuds se ferment').toBe(true);
}, 60_000);

const postmasterPid = () =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`${what} : pas dans les ${timeoutMs} ms\n${messages().join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const health = (node: FastifyInstance) => node.inject({ method: 'GET', url: '/api/health' });
let created = 0;
const write = (node: FastifyInstance) =>
  node.inject({
    method: 'POST',
    url: `/api${REFERENTIEL_PATHS.typesChambre}`,
    headers: bearer(token),
    payload: { libelle: `Chambre de reprise ${(created += 1)}`, capacite: 2 },
  });

describe('the embedded PostgreSQL killed under the API', () => {
  it('answers 503 meanwhile, never crashes, and writes again on both nodes once the API has restarted it', async () => {
    const a = nodeA!;
    const b = nodeB!;
    expect((await health(a)).statusCode).toBe(200);
    expect((await write(a)).statusCode).toBe(201);
    expect((await write(b)).statusCode).toBe(201);

    // A transaction between two statements holds a client out of the pool: its connection's error killed the API.
    let killed!: () => void;
    const kill = new Promise<void>((resolve) => (killed = resolve));
    const transaction = a.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await kill;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`select 2`);
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: unknown) => error,
    );

    const pid = postmasterPid();
    process.kill(pid, 'SIGKILL');
    killed();
    await until('le postmaster tué', () => !alive(pid));

    const down = await health(a);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: COMMON_MESSAGES.databaseUnavailable });
    expect(down.headers['retry-after']).toBe('5');
    expect(COMMON_MESSAGES.databaseUnavailable).toBe(
      'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
    );
    for (const node of [a, b]) {
      const refused = await write(node);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: COMMON_MESSAGES.databaseUnavailable });
      expect(refused.headers['retry-after']).toBe('5');
      const read = await node.inject({
        method: 'GET',
        url: `/api${REFERENTIEL_PATHS.typesChambre}`,
        headers: bearer(token),
      });
      expect(read.statusCode, read.body).toBe(503);
    }
    const failed = await outcome;
    expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);

    await until('/api/health de nouveau 200', async () => (await health(a)).statusCode === 200);
    expect(postmasterPid()).not.toBe(pid);
    expect(alive(postmasterPid())).toBe(true);
    const again = await write(a);
    expect(again.statusCode, again.body).toBe(201);
    await until('une écriture sur le nœud B', async () => (await write(b)).statusCode === 201);
    expect((await health(b)).statusCode).toBe(200);

    expect(messages()).toContain('PostgreSQL intégré arrêté de façon inattendue : redémarrage automatique');
    expect(messages()).toContain('PostgreSQL intégré : tentative de redémarrage n° 1 dans 1500 ms');
    expect(
      messages().some((message) => message.startsWith('PostgreSQL intégré redémarré (tentative n° ')),
    ).toBe(true);
    // The listening connection is back by itself: the users and the answers are kept in memory again.
    await until('la connexion LISTEN rétablie', () =>
      messages().includes('utilisateurs en mémoire réactivés : connexion LISTEN rétablie'),
    );
    expect(messages()).toContain('cache des statistiques réactivé : connexion LISTEN rétablie');
    expect(messages()).toContain('temps réel : connexion LISTEN rétablie');
  }, 90_000);
});
