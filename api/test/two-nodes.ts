// Two API nodes on one PostgreSQL, on this machine (issue 12 §4; docs/deployment.md « Deux nœuds sur une machine »):
// test support shared by the `two-nodes` command (api/scripts/start-two-nodes.ts) and the realtime benches
// (bench/realtime.ts, bench/realtime-cpu.ts).
// Starts a PostgreSQL cluster (the embedded binaries, unix socket only) in a directory (a temporary one by default),
// then node A and node B (`src/server.ts`, demo mode) on it with one DATABASE_URL and one JWT_SECRET, one after the
// other (the first applies the migrations and the demo data); `checkTwoNodes` checks them without a proxy: a token
// from A is accepted by B, and a notification produced on each node reaches a socket connected to the other (the
// postgres adapter).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { REALTIME_PATH, type NotificationEvent } from 'shared/contract';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const API = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ROOT = resolve(API, '..');

export interface TwoNodes {
  urls: [string, string];
  /** The shared database (unix socket in the cluster's directory). */
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface TwoNodesOptions {
  ports?: [number, number] | undefined;
  /** The cluster's directory; a temporary one (removed by stop) when absent. */
  dataDir?: string | undefined;
  /** Extra environment of both nodes (e.g. MAX_CONNECTIONS_PER_ADDRESS for a benchmark). */
  env?: Record<string, string> | undefined;
  /** Extra options of node for both nodes (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[] | undefined;
}

/** A free TCP port on 127.0.0.1 (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, node: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (node.exitCode !== null) throw new Error(`Le nœud ${url} s'est arrêté (code ${node.exitCode}).`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Le nœud ${url} ne répond pas.`);
}

function stopNode(node: ChildProcess): Promise<void> {
  if (node.exitCode !== null || node.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => node.once('exit', () => r()));
  node.kill('SIGTERM');
  return exited;
}

/** Starts the cluster, then node A, then node B on it; resolves once both answer /api/health. */
export async function startTwoNodes(options: TwoNodesOptions = {}): Promise<TwoNodes> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ebas3-two-nodes-'));
  const postgres = await startEmbeddedPostgres(dataDir);
  const ports = options.ports ?? [await freePort(), await freePort()];
  const jwtSecret = randomBytes(32).toString('base64url');
  const webRoot = existsSync(join(ROOT, 'host-shell', 'dist', 'index.html')) ? { WEB_ROOT: ROOT } : {};
  const nodes: ChildProcess[] = [];
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'];
  const stop = async () => {
    await Promise.all(nodes.map(stopNode));
    await postgres.stop();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of ports.entries()) {
      const node = spawn(process.execPath, args, {
        cwd: API,
        env: {
          ...process.env,
          DATABASE_URL: postgres.url,
          JWT_SECRET: jwtSecret,
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_MODE: '1',
          LOG_LEVEL: 'warn',
          ...webRoot,
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      nodes.push(node);
      // One after the other: the first node applies the migrations and writes the demo data.
      await waitForHealth(`http://127.0.0.1:${port}`, node);
      if (index === 0) console.info(`Nœud A prêt sur http://127.0.0.1:${port}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  return { urls: [a, b], databaseUrl: postgres.url, stop };
}

const DEMO = {
  agent: { email: 'agent@ebas3.fr', password: 'Agent!2023' },
  admin: { email: 'admin@ebas3.fr', password: 'Admin!2023' },
} as const;

/** Logs a demo user in on `url`; the token and the user's id (the token's subject). */
export async function demoLogin(url: string, who: keyof typeof DEMO): Promise<{ token: string; id: number }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO[who]),
  });
  if (!response.ok) throw new Error(`Connexion ${who} refusée : ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { token, id: Number(claims.sub) };
}

/** A notification produced on `from` (an administrator's broadcast) reaches the agent's socket on `to`: its delay. */
async function crossNode(from: string, to: string, admin: string, agent: { token: string; id: number }) {
  const socket = io(to, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: agent.token } });
  try {
    await new Promise<void>((done, fail) => {
      socket.once('connect', () => done());
      socket.once('connect_error', fail);
    });
    const message = `Vérification deux nœuds ${randomBytes(4).toString('hex')}`;
    const received = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`non reçue sur ${to} en 5 s`)), 5_000);
      socket.on('notification', (event: NotificationEvent) => {
        if (event.message !== message) return;
        clearTimeout(timer);
        done(performance.now());
      });
    });
    const sent = performance.now();
    const response = await fetch(`${from}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [agent.id], title: 'Vérification', message }),
    });
    if (response.status !== 201) throw new Error(`POST /notifications sur ${from} : ${response.status}`);
    return (await received) - sent;
  } finally {
    socket.disconnect();
  }
}

/** The proxy-less check: each node accepts the other's token and delivers what the other produced. */
export async function checkTwoNodes([a, b]: [string, string]): Promise<string[]> {
  const agent = await demoLogin(a, 'agent');
  const admin = await demoLogin(b, 'admin');
  const lines: string[] = [];
  const onB = await fetch(`${b}/api/notifications?page=1`, {
    headers: { authorization: `Bearer ${agent.token}` },
  });
  if (!onB.ok) throw new Error(`le jeton obtenu sur A est refusé par B : ${onB.status}`);
  lines.push('Jeton obtenu sur A accepté par B (JWT sans état, secret partagé).');
  lines.push(
    `Notification produite sur B, reçue sur A : ${(await crossNode(b, a, admin.token, agent)).toFixed(1)} ms.`,
  );
  lines.push(
    `Notification produite sur A, reçue sur B : ${(await crossNode(a, b, admin.token, agent)).toFixed(1)} ms.`,
  );
  return lines;
}
