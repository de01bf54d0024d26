// The live feed under load (issue 12 §5; docs/performance.md « Live feed »), on one API node (embedded PostgreSQL)
// then on two nodes sharing one PostgreSQL (the postgres adapter, api/test/two-nodes.ts):
// 1. `--sockets` sockets (socket.io-client, websocket only, the demo agent's JWT from the API), spread over the
//    nodes; `--broadcasts` administrator broadcasts (POST /notifications to the agents) one after the other: delay
//    from the POST's start to each socket's 'notification' (target p99 ≤ 50 ms), split between the sockets of the
//    node that took the POST and those of the other node; `--warmup N` broadcasts first, not counted (the
//    first broadcasts after the 500 connections opened were 2–3 × slower than the later ones, on each node);
// 2. POST /api/reservations (page of 50, 1 connection, `--requests` requests) idle, then again while notifications
//    are produced at `--rate` a second (POST /notifications to the agent, alternately on each node), each persisted
//    and delivered to the agent's sockets (target: list p99 within 1.5× idle).
// Usage: pnpm --filter ./bench realtime [-- --sockets 500 --broadcasts 10 --warmup 0 --rate 200 --requests 300
//   --nodes 1,2] [--cpu-prof DIR]
// The sockets all come from 127.0.0.1: the nodes run with MAX_CONNECTIONS_PER_ADDRESS=0 (as behind a proxy).
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
import { loaderInChild } from './lib/load-child';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    sockets: { type: 'string', default: '500' },
    broadcasts: { type: 'string', default: '10' },
    /** Broadcasts sent before the measured ones, not counted (the first after 500 connections are cold). */
    warmup: { type: 'string', default: '0' },
    rate: { type: 'string', default: '200' },
    requests: { type: 'string', default: '300' },
    nodes: { type: 'string', default: '1,2' },
    /** A directory: each API node writes its V8 CPU profile there when it stops. */
    'cpu-prof': { type: 'string' },
    /** Sockets kept for the sustained rate (each notification goes to every socket of the agent). */
    'rate-sockets': { type: 'string', default: '10' },
  },
});
const SOCKETS = Number(values.sockets);
const BROADCASTS = Number(values.broadcasts);
const WARMUP = Number(values.warmup);
const RATE = Number(values.rate);
const REQUESTS = Number(values.requests);
const RATE_SOCKETS = Number(values['rate-sockets']);
const MANY_SOCKETS = { MAX_CONNECTIONS_PER_ADDRESS: '0' };
/** Notification calls open at once at most. */
const IN_FLIGHT = 32;
const NODE_ARGS =
  values['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`];

const load1 = () => loadavg()[0]!.toFixed(2);
const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(1);
const sleep = (delay: number) => new Promise((r) => setTimeout(r, delay));

async function openSockets(urls: string[], token: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, index) => {
      const socket = io(urls[(start + index) % urls.length], {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
        timeout: 20_000,
      });
      sockets.push(socket);
      return new Promise<void>((done, fail) => {
        socket.once('connect', () => done());
        socket.once('connect_error', fail);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

interface Scenario {
  label: string;
  broadcast: { p50: number; p99: number; max: number; samples: number; missing: number };
  /** p50 / p99 of the sockets on the node that took the POST, and of those on the other node (two nodes only). */
  local: { p50: number; p99: number };
  relayed: { p50: number; p99: number };
  /** The list's p50 / p99 at 0.01 ms (`Row.exact`), and autocannon's whole-millisecond p99 beside it. */
  idle: { p50: number; p99: number; p99ms: number };
  loaded: { p50: number; p99: number; p99ms: number };
  produced: number;
  seconds: number;
  delivered: number;
  delivery: { p50: number; p99: number };
  loads: string[];
}

async function scenario(label: string, urls: string[]): Promise<Scenario> {
  const loads = [load1()];
  const agent = await demoLogin(urls[0]!, 'agent');
  const admin = await demoLogin(urls[urls.length - 1]!, 'admin');
  const post = (url: string, body: object) =>
    fetch(`${url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  // 1. One broadcast to the agents, `BROADCASTS` times, with SOCKETS sockets listening.
  const sockets = await openSockets(urls, agent.token, SOCKETS);
  const delays: number[] = [];
  /** The same delays, split: sockets on the node that took the POST, sockets on the other (through the adapter). */
  const split = { local: [] as number[], relayed: [] as number[] };
  let missing = 0;
  for (let round = -WARMUP; round < BROADCASTS; round += 1) {
    const counted = round >= 0;
    const message = counted
      ? `Diffusion de mesure ${round + 1}`
      : `Diffusion d’échauffement ${round + WARMUP + 1}`;
    let received = 0;
    let sent = Number.POSITIVE_INFINITY;
    const posted = (round + WARMUP) % urls.length;
    const arrived: Promise<void>[] = sockets.map(
      (socket, index) =>
        new Promise<void>((done) => {
          const timer = setTimeout(() => {
            socket.off('notification', on);
            done();
          }, 10_000);
          const on = (event: NotificationEvent) => {
            if (event.message !== message) return;
            const delay = performance.now() - sent;
            received += 1;
            clearTimeout(timer);
            socket.off('notification', on);
            done();
            if (!counted) return;
            delays.push(delay);
            // openSockets spreads socket i over urls[i % urls.length].
            (index % urls.length === posted ? split.local : split.relayed).push(delay);
          };
          socket.on('notification', on);
        }),
    );
    sent = performance.now();
    const response = await post(urls[posted]!, { roles: ['agent'], title: 'Mesure', message });
    if (response.status !== 201) throw new Error(`POST /notifications : ${response.status}`);
    await Promise.all(arrived);
    if (counted) missing += sockets.length - received;
    await sleep(300);
  }
  delays.sort((a, b) => a - b);
  split.local.sort((a, b) => a - b);
  split.relayed.sort((a, b) => a - b);
  loads.push(load1());
  for (const socket of sockets.slice(RATE_SOCKETS)) socket.disconnect();
  const listeners = sockets.slice(0, RATE_SOCKETS);

  // 2. The list idle, then while notifications are produced at RATE a second.
  // The list is timed from a child process: the generator and the sockets below keep this thread busy, and timing
  // the list's requests in the same event loop would count their wait for it as the API's latency.
  const list = loaderInChild({ connections: 1, requests: REQUESTS });
  const listUrl = `${urls[0]}/api/reservations`;
  const auth = { authorization: `Bearer ${agent.token}` };
  const idle = await list('idle', listUrl, auth, { pageSize: 50 });
  loads.push(load1());

  const sentAt = new Map<string, number>();
  const deliveries = new Map<string, number>();
  const deliveryDelays: number[] = [];
  for (const socket of listeners)
    socket.on('notification', (event: NotificationEvent) => {
      const start = sentAt.get(event.message);
      if (start === undefined) return;
      const count = (deliveries.get(event.message) ?? 0) + 1;
      deliveries.set(event.message, count);
      deliveryDelays.push(performance.now() - start);
    });
  const feed = startFeed({
    urls,
    token: admin.token,
    userId: agent.id,
    rate: RATE,
    inFlight: IN_FLIGHT,
    message: (n) => `Flux ${n}`,
    onSent: (message) => sentAt.set(message, performance.now()),
  });
  const loaded = await list('sous flux', listUrl, auth, { pageSize: 50 });
  feed.stop();
  const { produced, sendingSeconds: seconds, failed, firstFailure } = await feed.done;
  await sleep(2_000);
  loads.push(load1());
  for (const socket of listeners) socket.disconnect();
  if (failed > 0) throw new Error(`${failed} POST /notifications en échec, dont : ${firstFailure}`);
  const delivered = [...deliveries.values()].filter((count) => count === listeners.length).length;
  deliveryDelays.sort((a, b) => a - b);
  return {
    label,
    broadcast: {
      p50: quantile(delays, 0.5),
      p99: quantile(delays, 0.99),
      max: delays[delays.length - 1] ?? Number.NaN,
      samples: delays.length,
      missing,
    },
    local: { p50: quantile(split.local, 0.5), p99: quantile(split.local, 0.99) },
    relayed: { p50: quantile(split.relayed, 0.5), p99: quantile(split.relayed, 0.99) },
    idle: { ...idle.exact, p99ms: idle.p99 },
    loaded: { ...loaded.exact, p99ms: loaded.p99 },
    produced,
    seconds,
    delivered,
    delivery: { p50: quantile(deliveryDelays, 0.5), p99: quantile(deliveryDelays, 0.99) },
    loads,
  };
}

const results: Scenario[] = [];
const modes = values.nodes.split(',').map(Number);
if (modes.includes(1)) {
  const workDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-rt-'));
  const port = randomPort();
  const api = await startApi(join(workDir, 'data'), port, MANY_SOCKETS, NODE_ARGS);
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
  const nodes = await startTwoNodes({ env: MANY_SOCKETS, nodeArgs: NODE_ARGS });
  try {
    results.push(await scenario('2 nœuds, une base (adaptateur postgres)', nodes.urls));
  } finally {
    await nodes.stop();
  }
}

console.info(
  `\n${SOCKETS} sockets, ${BROADCASTS} diffusions après ${WARMUP} d’échauffement non comptées (délai = du début du POST /notifications à la réception sur chaque socket, mesuré dans le processus des sockets)\n`,
);
printTable(
  [
    'Scénario',
    'réceptions',
    'manquées',
    'p50 (ms)',
    'p99 (ms)',
    'max (ms)',
    'nœud du POST p50 / p99',
    'autre nœud p50 / p99',
    'charge (1 min)',
  ],
  results.map((r) => [
    r.label,
    r.broadcast.samples,
    r.broadcast.missing,
    ms(r.broadcast.p50),
    ms(r.broadcast.p99),
    ms(r.broadcast.max),
    `${ms(r.local.p50)} / ${ms(r.local.p99)}`,
    Number.isNaN(r.relayed.p50) ? '—' : `${ms(r.relayed.p50)} / ${ms(r.relayed.p99)}`,
    `${r.loads[0]} → ${r.loads[1]}`,
  ]),
);
console.info(
  `\nPOST /api/reservations (pageSize 50, ${REQUESTS} requêtes, 1 connexion) au repos puis sous ${RATE} notifications/s (chacune écrite puis remise à ${RATE_SOCKETS} sockets)\n`,
);
printTable(
  [
    'Scénario',
    'liste p50 / p99 repos (ms)',
    'liste p50 / p99 sous flux (ms)',
    'rapport des p99',
    'p99 en ms entières (autocannon), rapport',
    'notifications (débit)',
    'remises à tous',
    'remise p50 / p99 (ms)',
    'charge (1 min)',
  ],
  results.map((r) => [
    r.label,
    `${ms(r.idle.p50)} / ${ms(r.idle.p99)}`,
    `${ms(r.loaded.p50)} / ${ms(r.loaded.p99)}`,
    (r.loaded.p99 / r.idle.p99).toFixed(2),
    `${r.idle.p99ms} → ${r.loaded.p99ms}, ${(r.loaded.p99ms / Math.max(1, r.idle.p99ms)).toFixed(2)}`,
    `${r.produced} (${(r.produced / r.seconds).toFixed(0)}/s)`,
    `${r.delivered}/${r.produced}`,
    `${ms(r.delivery.p50)} / ${ms(r.delivery.p99)}`,
    `${r.loads[2]} → ${r.loads[3]}`,
  ]),
);
process.exit(0);
