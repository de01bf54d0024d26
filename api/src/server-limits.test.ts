import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper';
import type { ServerLimits } from './config';

/** Short timeouts so the test lasts seconds; production's come from config.ts (DEFAULT_SERVER_LIMITS). */
const LIMITS: ServerLimits = {
  requestTimeoutMs: 1_500,
  headersTimeoutMs: 1_000,
  keepAliveTimeoutMs: 1_000,
  connectionTimeoutMs: 10_000,
  maxConnections: 2_000,
  maxConnectionsPerAddress: 100,
};
const SLOW_CONNECTIONS = 300;
/** Another loopback address than the health checks' 127.0.0.1: Linux routes all of 127/8 to lo. */
const ATTACKER = '127.0.0.2';

interface SlowClient {
  openedAt: number;
  closedAt?: number;
  /** What the server wrote before closing (Node's 408 for a request past its timeout). */
  received: string;
}

/** A POST whose body arrives one byte a second: it would never end (100 bytes announced). */
function slowBody(port: number, started: number): { client: SlowClient; socket: Socket } {
  const client: SlowClient = { openedAt: Date.now() - started, received: '' };
  const socket = connect({ host: '127.0.0.1', port, localAddress: ATTACKER });
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('connect', () => {
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{',
    );
    timer = setInterval(() => socket.write(' '), 1_000);
  });
  socket.on('data', (chunk: string) => (client.received += chunk));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    clearInterval(timer);
    client.closedAt = Date.now() - started;
  });
  return { client, socket };
}

/** GET /api/health on a new connection each time; resolves with the time to a complete 200 response. */
function timedHealth(port: number): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - start)
          : reject(new Error(`health ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP server limits (a real listening server)', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildTestApp({ limits: LIMITS });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  // Timed from inside the test process, which also holds the 300 slow clients: a stall of that process on CI's
  // loaded cores (the other lane's suites beside it) once delayed both the closes and /api/health past 1 s together
  // (1,005 ms, 1,396 ms). Up to two more tries; a server that stops answering under slow bodies fails all three.
  it(
    'cuts slow bodies after the request timeout, caps one address, and /api/health keeps answering',
    { retry: 2 },
    async () => {
      const started = Date.now();
      const slow = Array.from({ length: SLOW_CONNECTIONS }, () => slowBody(port, started));
      const latencies: number[] = [];
      try {
        // Health checks from another address all along, until every slow connection is gone (or 6 s).
        while (Date.now() - started < 6_000 && slow.some(({ client }) => client.closedAt === undefined)) {
          latencies.push(await timedHealth(port));
          await sleep(50);
        }
      } finally {
        for (const { socket } of slow) socket.destroy();
      }

      const closed = slow.map(({ client }) => client);
      const beyondCap = closed.filter((client) => client.received === '');
      const timedOut = closed.filter((client) => client.received.startsWith('HTTP/1.1 408'));
      const lastClose = Math.max(...closed.map((client) => client.closedAt ?? Infinity));
      const sorted = [...latencies].sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      console.log(
        `${SLOW_CONNECTIONS} slow bodies from ${ATTACKER}: ${timedOut.length} cut with 408, ` +
          `${beyondCap.length} refused at the per-address cap; all closed after ${lastClose} ms. ` +
          `/api/health × ${latencies.length}: median ${p(0.5).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms.`,
      );

      // Exactly the cap was admitted; the rest were closed on accept.
      expect(timedOut).toHaveLength(LIMITS.maxConnectionsPerAddress);
      expect(beyondCap).toHaveLength(SLOW_CONNECTIONS - LIMITS.maxConnectionsPerAddress);
      for (const client of beyondCap) expect(client.closedAt! - client.openedAt).toBeLessThan(1_000);
      // Cut after the request timeout, within the checking interval and a loaded machine's slack.
      expect(lastClose).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs);
      expect(lastClose).toBeLessThan(LIMITS.requestTimeoutMs + 2_500);
      // The target is 100 ms; 1 s keeps the assertion stable on a loaded 2-core machine.
      expect(latencies.length).toBeGreaterThan(5);
      expect(sorted.at(-1)).toBeLessThan(1_000);
    },
  );
});
