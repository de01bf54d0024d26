// CPU cost of the live feed per notification (issue 12 §5; docs/performance.md « Live feed »), load-robust: the CPU
// time (from /proc) the API node(s), PostgreSQL and this process (the generator and the receiving sockets) spend on
// `--count` notifications produced at `--rate` a second (POST /notifications to the agent, alternately on each node),
// each written then delivered to the agent's `--sockets` sockets. On one node (embedded PostgreSQL), then two nodes on
// one PostgreSQL (the postgres adapter). Latencies are not the point here: on a loaded machine they say little.
// Usage: pnpm --filter ./bench realtime-cpu [-- --count 1000 --rate 200 --sockets 10 --nodes 1,2] [--cpu-prof DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type NotificationEvent } from 'shared/contract';
import { demoLogin, startTwoNodes } from 'api/test/two-nodes';
import { cliArgs, randomPort, startApi } from './lib/api-process';
import { startFeed } from './lib/feed-producer';
import { printTable } from './lib/load';
import { cpuSnapshot, cpuSpent } from './lib/proc-cpu';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    count: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    sockets: { type: 'string', default: '10' },
    nodes: { type: 'string', default: '1,2' },
    /** A directory: each API node writes its V8 CPU profile there when it stops. */
    'cpu-prof': { type: 'string' },
  },
});
const COUNT = Number(values.count);
const RATE = Number(values.rate);
const SOCKETS = Number(values.sockets);
const IN_FLIGHT = 32;
const NODE_ARGS =
  values['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`];
const load1 = () => loadavg()[0]!.toFixed(2);
const sleep = (delay: number) => new Promise((r) => setTimeout(r, delay));

async function openSockets(urls: string[], token: string): Promise<Socket[]> {
  return Promise.all(
    Array.from({ length: SOCKETS }, async (_, index) => {
      const socket = io(urls[index % urls.length], {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      await new Promise<void>((done, fail) => {
        socket.once('connect', () => done());
        socket.once('connect_error', fail);
      });
      return socket;
    }),
  );
}

interface Result {
  label: string;
  count: number;
  seconds: number;
  delivered: number;
  api: number;
  postgres: number;
  bench: number;
  loads: string[];
}

async function scenario(label: string, urls: string[]): Promise<Result> {
  const agent = await demoLogin(urls[0]!, 'agent');
  const admin = await demoLogin(urls[urls.length - 1]!, 'admin');
  const sockets = await openSockets(urls, agent.token);
  const received = new Map<string, number>();
  for (const socket of sockets)
    socket.on('notification', (event: NotificationEvent) =>
      received.set(event.message, (received.get(event.message) ?? 0) + 1),
    );
  const produce = async (prefix: string, count: number) => {
    const feed = startFeed({
      urls,
      token: admin.token,
      userId: agent.id,
      rate: RATE,
      inFlight: IN_FLIGHT,
      count,
      message: (n) => `${prefix} ${n}`,
    });
    const run = await feed.done;
    if (run.failed > 0)
      throw new Error(`${run.failed} POST /notifications en échec, dont : ${run.firstFailure}`);
    // Every notification delivered to every socket (10 s at most), before the CPU is read.
    const complete = () =>
      [...received.entries()].filter(([key, n]) => key.startsWith(`${prefix} `) && n === SOCKETS).length;
    for (let wait = 0; wait < 200 && complete() < count; wait += 1) await sleep(50);
    return run.seconds;
  };
  await produce('Chauffe', Math.min(200, COUNT));
  await sleep(1_000);
  const loads = [load1()];
  const before = cpuSnapshot();
  const seconds = await produce('Mesure', COUNT);
  const after = cpuSnapshot();
  loads.push(load1());
  for (const socket of sockets) socket.disconnect();
  const delivered = [...received.entries()].filter(
    ([key, n]) => key.startsWith('Mesure ') && n === SOCKETS,
  ).length;
  const spent = cpuSpent(before, after);
  if (after.api.size === 0) throw new Error('processus API introuvables sous /proc');
  return { label, count: COUNT, seconds, delivered, ...spent, loads };
}

const results: Result[] = [];
const modes = values.nodes.split(',').map(Number);
if (modes.includes(1)) {
  const workDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-rtcpu-'));
  const port = randomPort();
  const api = await startApi(join(workDir, 'data'), port, { MAX_CONNECTIONS_PER_ADDRESS: '0' }, NODE_ARGS);
  try {
    results.push(await scenario('1 nœud (PostgreSQL embarqué)', [`http://127.0.0.1:${port}`]));
  } finally {
    const exited = new Promise((r) => api.once('exit', r));
    api.kill('SIGTERM');
    await exited;
    rmSync(workDir, { recursive: true, force: true });
  }
}
if (modes.includes(2)) {
  const nodes = await startTwoNodes({ env: { MAX_CONNECTIONS_PER_ADDRESS: '0' }, nodeArgs: NODE_ARGS });
  try {
    results.push(await scenario('2 nœuds, une base (adaptateur postgres)', nodes.urls));
  } finally {
    await nodes.stop();
  }
}

const per1000 = (ms: number, count: number) => ((ms * 1_000) / count / 1_000).toFixed(2);
console.info(
  `\nCPU pour 1 000 notifications (POST /notifications à l'agent, ${RATE}/s visés, chacune remise à ${SOCKETS} sockets), en secondes CPU\n`,
);
printTable(
  ['Scénario', 'notifications (débit)', 'remises à tous', 'API', 'PostgreSQL', 'banc', 'charge (1 min)'],
  results.map((r) => [
    r.label,
    `${r.count} (${(r.count / r.seconds).toFixed(0)}/s)`,
    `${r.delivered}/${r.count}`,
    per1000(r.api, r.count),
    per1000(r.postgres, r.count),
    per1000(r.bench, r.count),
    `${r.loads[0]} → ${r.loads[1]}`,
  ]),
);
process.exit(0);
